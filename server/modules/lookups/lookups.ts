/**
 * The lookups the server answers by name: a table with an Id column, a Name, an order and an
 * active flag. Another module's lookup (roles, courtesy titles, ...) is one more entry here.
 */
export interface LookupDefinition {
  /** The name in the URL and in widget metadata (`ui:options.source`). */
  name: string;
  table: string;
  /** The Id column's wire name. */
  idColumn: string;
  /** Further columns sent with each option, by wire name. */
  extra?: string[];
  /** The options' order, by wire names; default SortOrder, then Name (a table without SortOrder names its own). */
  orderBy?: string[];
  summary: string;
}

export const lookups: LookupDefinition[] = [
  { name: 'countries', table: 'countries', idColumn: 'CountryId', extra: ['Code'], summary: "All countries; the United States is named 'UNITED STATES' and comes first." },
  { name: 'states', table: 'states', idColumn: 'StateId', extra: ['Abbreviation'], summary: 'All states (and territories) of the United States, with their postal abbreviation.' },
  { name: 'time-zones', table: 'time_zones', idColumn: 'TimeZoneId', extra: ['Offset'], summary: 'All time zones (spec 1 "Time zone": Id, Offset), west to east, each named with its UTC offset.' },
  { name: 'phone-number-types', table: 'phone_number_types', idColumn: 'PhoneNumberTypeId', summary: 'Phone number types (Home, Work, Mobile, Fax, Other).' },
  { name: 'salutations', table: 'salutations', idColumn: 'SalutationId', summary: 'All courtesy titles (Mr., Mrs., Ms., Dr., ...) for the Salutation of Your Account.' },
  { name: 'forms', table: 'forms', idColumn: 'FormId', orderBy: ['Name', 'FormId'], summary: "The active forms by name, for a lookup list's Form (the lists shown with that form on /simpleLookup); by ids, inactive ones too." },
  { name: 'pages', table: 'pages', idColumn: 'PageId', orderBy: ['Name', 'PageId'], summary: "The active pages by name, for a page's Parent Page and a page field's Page; by ids, inactive ones too." },
  { name: 'entry-actions', table: 'entry_actions', idColumn: 'EntryActionId', extra: ['Description'], summary: "What a menu item or a page opens of its screen (spec 2: the menu item's 'GET actions' and the page's action lookup): List, Create." },
  { name: 'roles', table: 'roles', idColumn: 'RoleId', orderBy: ['Name', 'RoleId'], summary: "The active roles by name, for a user's Role select (spec 1 \"User create\"); by ids, inactive ones a user still holds too." },
  { name: 'atomic-circles', table: 'atomic_circles', idColumn: 'AtomicCircleId', orderBy: ['Name', 'AtomicCircleId'], summary: "The active atomic circles by name, for a user's Owner Atomic Circle and Atomic Circles and an atomic circle's owner; by ids, inactive ones too." },
  { name: 'aggregate-circles', table: 'aggregate_circles', idColumn: 'AggregateCircleId', orderBy: ['Name', 'AggregateCircleId'], summary: "The active aggregate circles by name, for an atomic circle's Aggregate Circle; by ids, inactive ones too." },
];

/** At most this many options answer a search; the select lists 100 and says how many more match. */
export const maxSearchResults = 1000;
