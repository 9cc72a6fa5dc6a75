/**
 * Time zones a person picks from (spec 1 "Time zone": Id, Offset): the name shown, the IANA zone it stands
 * for and its standard UTC offset, west to east.
 */
export const timeZones: ReadonlyArray<readonly [offset: string, name: string, zone: string]> = [
  ['-10:00', '(UTC-10:00) Hawaii', 'Pacific/Honolulu'],
  ['-09:00', '(UTC-09:00) Alaska', 'America/Anchorage'],
  ['-08:00', '(UTC-08:00) Pacific Time (US & Canada)', 'America/Los_Angeles'],
  ['-07:00', '(UTC-07:00) Arizona', 'America/Phoenix'],
  ['-07:00', '(UTC-07:00) Mountain Time (US & Canada)', 'America/Denver'],
  ['-06:00', '(UTC-06:00) Central Time (US & Canada)', 'America/Chicago'],
  ['-06:00', '(UTC-06:00) Mexico City', 'America/Mexico_City'],
  ['-05:00', '(UTC-05:00) Eastern Time (US & Canada)', 'America/New_York'],
  ['-05:00', '(UTC-05:00) Bogota, Lima', 'America/Bogota'],
  ['-04:00', '(UTC-04:00) Atlantic Time (Canada)', 'America/Halifax'],
  ['-03:30', '(UTC-03:30) Newfoundland', 'America/St_Johns'],
  ['-03:00', '(UTC-03:00) Brasilia', 'America/Sao_Paulo'],
  ['-03:00', '(UTC-03:00) Buenos Aires', 'America/Argentina/Buenos_Aires'],
  ['-01:00', '(UTC-01:00) Azores', 'Atlantic/Azores'],
  ['+00:00', '(UTC+00:00) Coordinated Universal Time', 'Etc/UTC'],
  ['+00:00', '(UTC+00:00) Dublin, Lisbon, London', 'Europe/London'],
  ['+01:00', '(UTC+01:00) Amsterdam, Berlin, Paris, Rome', 'Europe/Paris'],
  ['+01:00', '(UTC+01:00) Lagos', 'Africa/Lagos'],
  ['+02:00', '(UTC+02:00) Athens, Helsinki, Kyiv', 'Europe/Helsinki'],
  ['+02:00', '(UTC+02:00) Cairo', 'Africa/Cairo'],
  ['+02:00', '(UTC+02:00) Johannesburg', 'Africa/Johannesburg'],
  ['+03:00', '(UTC+03:00) Istanbul, Moscow', 'Europe/Moscow'],
  ['+03:00', '(UTC+03:00) Nairobi, Riyadh', 'Africa/Nairobi'],
  ['+04:00', '(UTC+04:00) Dubai', 'Asia/Dubai'],
  ['+05:00', '(UTC+05:00) Karachi, Tashkent', 'Asia/Karachi'],
  ['+05:30', '(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Kolkata'],
  ['+06:00', '(UTC+06:00) Dhaka', 'Asia/Dhaka'],
  ['+07:00', '(UTC+07:00) Bangkok, Hanoi, Jakarta', 'Asia/Bangkok'],
  ['+08:00', '(UTC+08:00) Beijing, Hong Kong, Singapore', 'Asia/Singapore'],
  ['+08:00', '(UTC+08:00) Perth', 'Australia/Perth'],
  ['+09:00', '(UTC+09:00) Seoul, Tokyo', 'Asia/Tokyo'],
  ['+09:30', '(UTC+09:30) Adelaide', 'Australia/Adelaide'],
  ['+10:00', '(UTC+10:00) Brisbane, Sydney, Melbourne', 'Australia/Sydney'],
  ['+12:00', '(UTC+12:00) Auckland, Wellington', 'Pacific/Auckland'],
];

/** The business-hours items (spec 1 sections 3 and 5): hours 0-23, minutes 0-59, the start before the end. */
export const businessHoursItems = [
  { name: 'Start Hours', static_name: 'START_HOURS', value: '8', sys_type: 'Int32', description: 'The hour the business day starts (0-23).',
    field_message: 'Start of business day must occur before end of business day.',
    config: { required: true, minimum: 0, maximum: 23, beforeTimeOfDay: { minutes: 'START_MINUTES', endHours: 'END_HOURS', endMinutes: 'END_MINUTES' } } },
  { name: 'Start Minutes', static_name: 'START_MINUTES', value: '0', sys_type: 'Int32', description: 'Minutes past the start hour (0-59).', config: { required: true, minimum: 0, maximum: 59 } },
  { name: 'End Hours', static_name: 'END_HOURS', value: '17', sys_type: 'Int32', description: 'The hour the business day ends (0-23).', config: { required: true, minimum: 0, maximum: 23 } },
  { name: 'End Minutes', static_name: 'END_MINUTES', value: '0', sys_type: 'Int32', description: 'Minutes past the end hour (0-59).', config: { required: true, minimum: 0, maximum: 59 } },
  { name: 'Offset', static_name: 'Offset', value: '-05:00', sys_type: 'String', description: "The time zone's offset from UTC, set from the time zone when saved.", config: { readOnly: true } },
];
