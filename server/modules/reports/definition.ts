/** A report's definition as metadata/reports/*.json holds it (the contract: /work/briefs/reports-contract.md "Definitions"). */
export const controlTypes = { textBox: 0, textArea: 1, richText: 2, datePicker: 3, dateRange: 4, selectOne: 5, selectMany: 6 } as const;
export type ControlType = (typeof controlTypes)[keyof typeof controlTypes];

export type ColumnType = 'string' | 'number' | 'date' | 'datetime' | 'boolean';
export type TotalKind = 'sum' | 'count' | 'avg';

export interface OptionItem { Key: string; Value: string }

export interface ParameterDefinition {
  Param: string;
  Title: string;
  ControlType: ControlType;
  DefaultValue?: string | null;
  DisplayOrder: number;
  /** A select: the Param of the select it depends on. A date range: the group key its two ends share. */
  Parent?: string;
  IsAllAllowed?: boolean;
  AllOptionValue?: string;
  ShowFilter?: boolean;
  HelpText?: string;
  /** A select's options: a query answering key and value (a child's may name its parent's Param), or fixed items. */
  Options?: { Query: string } | { Items: OptionItem[] };
}

export interface ColumnDefinition { Name: string; Title: string; Type: ColumnType; Total?: TotalKind }

export interface ChartDefinition { Kind: 'bar' | 'line' | 'pie'; Title: string; Label: string; Values: string[] }

export interface ReportDefinition {
  FileName: string;
  ReportDispName: string;
  Description: string;
  Category: string;
  CategoryOrder: number;
  DisplayOrder: number;
  ShowHelpText: boolean;
  HelpText: string;
  Query: string;
  Parameters: ParameterDefinition[];
  Columns: ColumnDefinition[];
  GroupBy?: string;
  Chart?: ChartDefinition;
  /**
   * Modules whose records the query reads whole (a shipped report over users, sessions or the audit trail reads
   * tables, not one module's rows through its row rule): only users holding each of them, with View All Records
   * where the module offers it, may run the report. Built reports read through the evaluator and need none.
   */
  ReadsAllOf?: string[];
}

export const isSelect = (p: Pick<ParameterDefinition, 'ControlType'>) => p.ControlType === controlTypes.selectOne || p.ControlType === controlTypes.selectMany;
export const isDate = (p: Pick<ParameterDefinition, 'ControlType'>) => p.ControlType === controlTypes.datePicker || p.ControlType === controlTypes.dateRange;

/** The parameter bound by the server to the signed-in user, never asked for. */
export const currentUserParam = 'CurrentUserId';
