import { useEffect, useState } from 'react';
import type { AttributeDefinition, FieldTypeOption } from '../../../engine/core/lowcode/api.ts';
import { formApi, type IdName } from './form-api.ts';

/**
 * Where the field types, their attributes and the lookup lists are read: the form field calls (module FormField) or
 * the page field ones (module PageField), which answer the same catalogue.
 */
export interface FieldTypeCalls {
  name: string;
  fieldTypes(udf: boolean): Promise<FieldTypeOption[]>;
  typeAttributes(type: string): Promise<AttributeDefinition[]>;
  lookupLists(): Promise<IdName[]>;
}

export const formFieldCalls: FieldTypeCalls = { name: 'formfields', fieldTypes: formApi.fieldTypes, typeAttributes: formApi.typeAttributes, lookupLists: formApi.lookupLists };

// Per page load: the catalogue does not change while the app runs.
const typeLists = new Map<string, Promise<FieldTypeOption[]>>();
const attributeLists = new Map<string, Promise<AttributeDefinition[]>>();

function cached<K, T>(map: Map<K, Promise<T>>, key: K, load: () => Promise<T>): Promise<T> {
  let pending = map.get(key);
  if (!pending) {
    pending = load();
    pending.catch(() => map.delete(key)); // a failed read is tried again next time
    map.set(key, pending);
  }
  return pending;
}

/** The field types a field (or, with `udf`, a UDF) may have; null while they load. */
export function useFieldTypes(udf: boolean, calls: FieldTypeCalls = formFieldCalls): { types: FieldTypeOption[] | null; failure: boolean } {
  const [state, setState] = useState<{ udf: boolean; types: FieldTypeOption[] | null; failure: boolean }>({ udf, types: null, failure: false });
  useEffect(() => {
    let live = true;
    cached(typeLists, `${calls.name}|${udf}`, () => calls.fieldTypes(udf)).then(
      (types) => { if (live) setState({ udf, types, failure: false }); },
      () => { if (live) setState({ udf, types: null, failure: true }); },
    );
    return () => { live = false; };
  }, [udf, calls]);
  // The list of the other kind is never shown for this one, even for the render before the new one arrives.
  return state.udf === udf ? state : { types: null, failure: false };
}

/** The attributes of a field type, for the type they were read for; null while they load (or with no type). */
export function useTypeAttributes(type: string, calls: FieldTypeCalls = formFieldCalls): { type: string; attributes: AttributeDefinition[] | null; failure: boolean } {
  const [state, setState] = useState<{ type: string; attributes: AttributeDefinition[] | null; failure: boolean }>({ type: '', attributes: null, failure: false });
  useEffect(() => {
    if (!type) return;
    let live = true;
    cached(attributeLists, `${calls.name}|${type}`, () => calls.typeAttributes(type)).then(
      (attributes) => { if (live) setState({ type, attributes, failure: false }); },
      () => { if (live) setState({ type, attributes: null, failure: true }); },
    );
    return () => { live = false; };
  }, [type, calls]);
  return state.type === type ? state : { type, attributes: null, failure: false };
}

/** Every active lookup list ([] when it could not be read), read only when `needed` (a select type's list attribute is shown). */
export function useLookupLists(needed: boolean, calls: FieldTypeCalls = formFieldCalls): IdName[] | null {
  const [lists, setLists] = useState<IdName[] | null>(null);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    // Read afresh each time: lists are added in the Lookup Table Manager while the app runs.
    calls.lookupLists().then((l) => { if (live) setLists(l); }, () => { if (live) setLists([]); });
    return () => { live = false; };
  }, [needed, calls]);
  return lists;
}
