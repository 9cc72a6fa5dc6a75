import { useCallback, useEffect, useState } from 'react';
import { initialValues, runParams, validateFilters } from './filter-logic.ts';
import { reportApi, type ParamValue, type Report, type ReportParameter, type ReportParams } from './report-api.ts';
import { itemsOf } from '../transfer/errors.ts';

/**
 * The chosen report's filters: its parameters (loaded when it is chosen), the values typed, and the messages under
 * them, the form's own ('This field is required.') and the server's field errors alike, keyed by Param.
 */
export function useReportFilters(report: Report | null) {
  const [params, setParams] = useState<ReportParameter[] | null>(null);
  const [values, setValues] = useState<ReportParams>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    setParams(null);
    setErrors({});
    setLoadError(null);
    if (!report) return;
    let live = true;
    reportApi.parameters(report.ReportId).then((list) => {
      if (!live) return;
      setParams(list);
      setValues(initialValues(list));
    }, (error: unknown) => live && setLoadError(itemsOf(error)[0]?.ErrorMessage ?? 'The filters could not be loaded.'));
    return () => { live = false; };
  }, [report]);

  /** A value typed: its message goes, the others stay until Generate checks again. */
  const setValue = useCallback((param: string, value: ParamValue) => {
    setValues((v) => ({ ...v, [param]: value }));
    setErrors((e) => {
      if (!(param in e)) return e;
      const rest = { ...e };
      delete rest[param];
      return rest;
    });
  }, []);

  const reset = useCallback(() => {
    if (params) setValues(initialValues(params));
    setErrors({});
  }, [params]);

  /** The run's Params when every filter is right; otherwise null, with each fault shown under its filter. */
  const check = useCallback((over?: ReportParams): ReportParams | null => {
    if (!params) return null;
    const checked = over ?? values;
    const found = validateFilters(params, checked);
    setErrors(found);
    return Object.keys(found).length ? null : runParams(params, checked);
  }, [params, values]);

  return { params, values, setValues, setValue, errors, setErrors, reset, check, loadError };
}
