import type { FieldProps } from '@rjsf/utils';
import { fieldLabel } from '../shared/label.ts';
import { CheckboxTree } from './CheckboxTree.tsx';
import type { TreeNode } from './logic.ts';

/** The nested checkbox tree as a form field (ui:field "checkboxTree") over a list of nodes. */
export function CheckboxTreeField(props: FieldProps) {
  const { formData, onChange, fieldPathId, disabled, readonly } = props;
  return (
    <CheckboxTree
      label={fieldLabel(props)}
      nodes={Array.isArray(formData) ? (formData as TreeNode[]) : []}
      disabled={disabled || readonly}
      onChange={(nodes) => onChange(nodes, fieldPathId.path)}
    />
  );
}
