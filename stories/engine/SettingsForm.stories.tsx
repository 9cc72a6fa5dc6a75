import type { Meta, StoryObj } from '@storybook/react-vite';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FormScreen } from '../../engine/react/form/FormScreen.tsx';
import { NotificationHost } from '../../engine/react/notifications/NotificationHost.tsx';
import { WidgetDataProvider } from '../../engine/widgets/data-context.tsx';
import { composeSettingForm, settingFormValues, type AppSetting } from '../../engine/core/settings/index.ts';
import type { FormMode } from '../../engine/core/forms/index.ts';
import { createFakeDataSource } from '../widgets/support/fake-data-source.ts';
import { baseSettingForm, businessHours, clientSettingsForm, clientSettingsSetting, settingsScreen } from '../fixtures/settings.ts';

const data = createFakeDataSource();
const client = {
  CompanyName: 'Acme Aviation', CompanyWebsite: 'https://acme.example', TimeZone: 6, Logo: { FileName: 'logo.png', UserFileName: 'acme.png' },
  ContactFirstName: 'Ada', ContactLastName: 'Lovelace', ContactEmailAddress: 'ada@acme.example',
  PhoneNumbers: [
    { IsPrimary: true, PhoneNumberType: { Id: 2, Name: 'Work' }, CountryCode: '1', PhoneNumber: '5551234567', Extension: '12' },
    { IsPrimary: false, PhoneNumberType: { Id: 3, Name: 'Mobile' }, CountryCode: '1', PhoneNumber: '5557654321', Extension: '' },
  ],
  Address: { Country: { Id: 1, Name: 'UNITED STATES' }, Address1: '1 Main St', City: 'Springfield', State: { Id: 36, Name: 'Ohio' }, ZipCode: '45501' },
  ModifiedBy: 'admin', ModifiedDate: '2026-03-04T05:06:00Z',
};

/** An application setting's update screen as the app composes it (ui/screens/settings), saving nowhere. */
function SettingForm({ setting, embedded, mode = 'update' }: { setting: AppSetting; embedded?: Record<string, unknown>; mode?: FormMode }) {
  const { entity, form } = composeSettingForm(baseSettingForm, setting, embedded ? clientSettingsForm : undefined);
  // A data router: the form's leave prompt blocks navigation through it.
  const router = createMemoryRouter([{ path: '*', element: (
    <WidgetDataProvider source={data}>
      <FormScreen
        screen={{ ...settingsScreen, form }}
        entity={entity}
        mode={mode}
        record={settingFormValues(setting, embedded)}
        title="Application Configuration Settings Update"
        save={async (values) => values}
        onDone={() => {}}
      />
      <NotificationHost />
    </WidgetDataProvider>
  ) }]);
  return <RouterProvider router={router} />;
}

const meta: Meta<typeof SettingForm> = { title: 'Screens/Application Settings', component: SettingForm };
export default meta;
type Story = StoryObj<typeof SettingForm>;

/** STANDARD_BUSINESS_HOURS: the time zone, the items with their descriptions, Offset read-only. */
export const BusinessHours: Story = { args: { setting: businessHours } };
/** CLIENT_SETTINGS: company with logo and address, contact with phone numbers. */
export const ClientSettings: Story = { args: { setting: clientSettingsSetting, embedded: client } };
/** The read route: everything read-only, only Cancel. */
export const ReadOnly: Story = { args: { setting: businessHours, mode: 'read' } };
