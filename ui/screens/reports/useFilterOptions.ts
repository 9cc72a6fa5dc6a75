import { useEffect, useMemo, useRef, useState } from 'react';
import { isEmpty, keepOptions, parentIdsOf } from './filter-logic.ts';
import { ControlType, reportApi, type ParameterOption, type ParamValue, type ReportParameter, type ReportParams } from './report-api.ts';

const asList = (value: ParamValue | undefined): string[] => (Array.isArray(value) ? value : value ? [value] : []);

/** The options a dependent select has for its parents' values: each parent's answer, and only what all of them allow. */
async function dependentOptions(child: ReportParameter, parents: ReportParameter[], values: ReportParams): Promise<ParameterOption[]> {
  const answers = await Promise.all(parents.map((parent) => reportApi.dependentValues(parent, child, asList(values[parent.Param]))));
  return answers.reduce((kept, answer) => kept.filter((o) => answer.some((a) => a.Value === o.Value)));
}

/**
 * The options of the form's selects: a select without parents loads its list once (parameter-values); a select with
 * parents loads again (dependent-values) whenever a parent's value changes, and has none while a parent is empty.
 * Once a dependent select's options arrive, `onStale` is told its value kept to what is still an option.
 */
export function useFilterOptions(params: ReportParameter[], values: ReportParams, onStale: (param: string, value: ParamValue) => void) {
  const [options, setOptions] = useState<Record<number, ParameterOption[]>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const selects = useMemo(() => params.filter((p) => p.ControlType === ControlType.SelectOne || p.ControlType === ControlType.SelectMany), [params]);
  const byId = useMemo(() => new Map(params.map((p) => [p.ParameterId, p])), [params]);
  const latest = useRef({ values, onStale });
  latest.current = { values, onStale };
  /** The parents' values each dependent select's options were last asked for. */
  const loadedFor = useRef(new Map<number, string>());

  useEffect(() => {
    let live = true;
    setOptions({});
    loadedFor.current.clear();
    for (const p of selects.filter((s) => !parentIdsOf(s).length)) {
      reportApi.parameterValues(p.ParameterId).then(
        (list) => live && setOptions((o) => ({ ...o, [p.ParameterId]: list })),
        () => live && setFailed(`The choices of '${p.Title}' could not be loaded.`),
      );
    }
    return () => { live = false; };
  }, [selects]);

  // Each dependent select's parents' values, as a key: its options load again only when that key changes.
  const parentKeys = selects.filter((s) => parentIdsOf(s).length).map((child) => {
    const parents = parentIdsOf(child).map((id) => byId.get(id)).filter((p): p is ReportParameter => !!p);
    return { child, parents, key: JSON.stringify(parents.map((p) => values[p.Param] ?? null)) };
  });
  const keysText = JSON.stringify(parentKeys.map((k) => [k.child.ParameterId, k.key]));

  useEffect(() => {
    for (const { child, parents, key } of parentKeys) {
      if (loadedFor.current.get(child.ParameterId) === key) continue;
      loadedFor.current.set(child.ParameterId, key);
      const current = latest.current.values;
      if (parents.some((p) => isEmpty(current[p.Param]))) {
        setOptions((o) => ({ ...o, [child.ParameterId]: [] }));
        if (!isEmpty(current[child.Param])) latest.current.onStale(child.Param, keepOptions(current[child.Param], []));
        continue;
      }
      dependentOptions(child, parents, current).then((list) => {
        if (loadedFor.current.get(child.ParameterId) !== key) return; // a later parent value has asked again
        setOptions((o) => ({ ...o, [child.ParameterId]: list }));
        const value = latest.current.values[child.Param];
        const kept = keepOptions(value, list);
        if (JSON.stringify(kept) !== JSON.stringify(value ?? '')) latest.current.onStale(child.Param, kept);
      }, () => setFailed(`The choices of '${child.Title}' could not be loaded.`));
    }
    // keysText stands for parentKeys: the effect runs when a parent's value changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keysText]);

  return {
    optionsOf: (p: ReportParameter) => options[p.ParameterId] ?? [],
    loaded: (p: ReportParameter) => options[p.ParameterId] !== undefined,
    parentsOf: (p: ReportParameter) => parentIdsOf(p).map((id) => byId.get(id)).filter((x): x is ReportParameter => !!x),
    failed,
  };
}

export type FilterOptions = ReturnType<typeof useFilterOptions>;
