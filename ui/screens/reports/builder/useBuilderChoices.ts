import { useEffect, useState } from 'react';
import { hasModuleAccess } from '../../../api/module-access.ts';
import { itemsOf } from '../../transfer/errors.ts';
import { builderApi, type FormChoice, type RoleChoice } from './builder-api.ts';

export interface BuilderChoices {
  forms: FormChoice[] | null;
  categories: string[];
  /** The roles to grant the report to; null when the user may not grant (no module Role): the control is not shown. */
  roles: RoleChoice[] | null;
  failure: string | null;
}

/** What the builder's selects offer: the forms, the categories in use, and (for holders of module Role) the roles. */
export function useBuilderChoices(): BuilderChoices {
  const [choices, setChoices] = useState<BuilderChoices>({ forms: null, categories: [], roles: null, failure: null });
  useEffect(() => {
    let live = true;
    const failed = (error: unknown) => live && setChoices((c) => ({ ...c, failure: itemsOf(error)[0]?.ErrorMessage ?? 'The forms could not be loaded.' }));
    builderApi.forms().then((forms) => live && setChoices((c) => ({ ...c, forms })), failed);
    builderApi.categories().then((list) => live && setChoices((c) => ({ ...c, categories: list.map((x) => x.Title) })), () => undefined);
    hasModuleAccess('Role').then((may) => (may ? builderApi.roles() : null))
      .then((roles) => live && setChoices((c) => ({ ...c, roles })), () => undefined);
    return () => { live = false; };
  }, []);
  return choices;
}
