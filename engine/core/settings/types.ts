/** One configuration item of an application setting (spec 1 section 3), as stored and sent. */
export interface ConfigItem {
  ConfigItemId?: number;
  /** The label shown. */
  Name: string;
  /** The item's key within its setting (START_HOURS, Offset, ...). */
  StaticName: string;
  /** The value, always text on the wire and in storage (at most 250 characters). */
  AttributeValue: string | null;
  /** The value's type: String, Int32, Decimal or Boolean (a .NET-style name; 'System.' may lead). */
  SysType: string;
  Description?: string | null;
  /** The message of the item's own rule (see configItemSchema). */
  FieldMessage?: string | null;
  /** The item's rules, as JSON Schema keywords of the shared vocabulary (see configItemSchema). */
  FormItemValidationConfig?: Record<string, unknown> | null;
}

/** An application setting (spec 1 section 3): its name and description, its items and, for some, a time zone. */
export interface AppSetting {
  ConfigId: number;
  Name: string;
  Description: string;
  /** The time zone's Id; only a setting that has one shows the time-zone select. */
  TimeZone: number | null;
  ConfigItems: ConfigItem[];
  /** A screen document whose form this setting shows below its own (CLIENT_SETTINGS: the client settings). */
  EmbeddedScreen?: string | null;
  CreatedBy?: string | null;
  CreatedDate?: string | null;
  ModifiedBy?: string | null;
  ModifiedDate?: string | null;
}
