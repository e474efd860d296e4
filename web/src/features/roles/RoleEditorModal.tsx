import { SaveError } from '../../components/SaveError';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { FormError } from '../../components/FormError';
import { PageSpinner } from '../../components/PageSpinner';
import { errorMessage, isApiError } from '../../lib/api';
import { USERS_QUERY_ROOT } from '../../lib/queryKeys';
import { useSession } from '../session/SessionContext';
import { PermissionGroups } from './PermissionGroups';
import { roleKeys, usePermissionCatalogue } from './roleQueries';
import { canApplyRole, keysBeyond, parseNetworks } from './roleRules';
import { createRole, editRole } from './rolesApi';
import type { Role, RoleInput } from './types';
import './roles.css';
import { toast } from '../../lib/toast';
import { isFailure, whenSentForApproval } from '../../lib/sentForApproval';

export const ROLE_CREATED = 'Role registered successfully';
/** The product's message, its spelling included. */
export const ROLE_MODIFIED = 'Role Modifyed Successfully';

/** Modify: success only when the reply carries the role's id; otherwise its message is the failure. */
async function saveRole(role: Role | null, input: RoleInput): Promise<void> {
  if (!role) {
    await createRole(input);
    return;
  }
  const reply = await editRole(role.id, input);
  if (!reply?.id) throw new Error(reply?.message || 'The role could not be modified.');
}

/** A refused save shows the reply's message as it is, not a field error. */
function saveErrorText(error: unknown): string {
  return isApiError(error) ? error.message : errorMessage(error);
}

/** The form's values: the role's input, with its networks as the text of one field. */
type RoleForm = Omit<RoleInput, 'allowedNetworks'> & { networks: string };

interface RoleEditorModalProps {
  open: boolean;
  /** The role to modify; null: a new role. */
  role: Role | null;
  onClose: () => void;
}

/**
 * "Create New Role" (Apply Role) and "Modify Permissions" (Modify Role): display name, description and the
 * grouped permission editor. The button stays disabled while the name is shorter than 3 characters.
 */
export function RoleEditorModal({ open, role, onClose }: RoleEditorModalProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleForm>();
  const name = Form.useWatch('role', form);
  const catalogue = usePermissionCatalogue(open);
  const allKeys = Object.values(catalogue.data ?? {}).flatMap((group) => group.map((p) => p.key));
  const locked = new Set(keysBeyond(session.user?.permissions, allKeys));

  const save = useMutation({
    mutationFn: (input: RoleInput) => saveRole(role, input),
    onSuccess: () => {
      toast.success(role ? ROLE_MODIFIED : ROLE_CREATED);
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
      void queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT });
      // The signed-in user's own role changed: reload their permissions (menu, buttons).
      if (role && session.user?.userRoles.some((held) => held.role.id === role.id)) void session.refresh();
      onClose();
    },
    // Sent for approval: the toast says so (queryClient.ts); the editor closes, nothing saved.
    onError: whenSentForApproval(onClose),
  });

  const initial: RoleForm = role
    ? { role: role.role, description: role.description, permissions: role.permissions, networks: role.allowedNetworks.join('\n') }
    : { role: '', description: '', permissions: [], networks: '' };

  return (
    <Modal
      open={open}
      title={role ? 'Modify Permissions' : 'Create New Role'}
      okText={role ? 'Modify Role' : 'Apply Role'}
      okButtonProps={{ htmlType: 'submit', disabled: !canApplyRole(name), loading: save.isPending }}
      onCancel={onClose}
      afterClose={() => save.reset()}
      destroyOnHidden
      width={640}
      modalRender={(dom) => (
        <Form<RoleForm>
          form={form}
          name="role-editor"
          layout="vertical"
          initialValues={initial}
          clearOnDestroy
          onFinish={({ networks, ...values }) =>
            save.mutate({ ...values, permissions: values.permissions ?? [], allowedNetworks: parseNetworks(networks ?? '') })
          }
        >
          {dom}
        </Form>
      )}
    >
      {isFailure(save.error) ? <SaveError error={save.error} title={saveErrorText(save.error)} /> : null}
      <Form.Item label="Role's Display Name" name="role" required>
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item label="Description" name="description">
        {/* No autoSize: it measures through a style attribute, which the CSP blocks. */}
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item
        label="Allowed networks"
        name="networks"
        extra="Holders may sign in and work only from these networks: one per line, as 10.0.0.0/8 or a single address. Empty: from anywhere."
      >
        <Input.TextArea rows={2} placeholder="Anywhere" spellCheck={false} />
      </Form.Item>
      <Form.Item label="Permissions" name="permissions">
        {catalogue.data ? <PermissionGroups catalogue={catalogue.data} locked={locked} /> : <CatalogueState catalogue={catalogue} />}
      </Form.Item>
    </Modal>
  );
}

function CatalogueState({ catalogue }: { catalogue: ReturnType<typeof usePermissionCatalogue> }) {
  if (catalogue.isError) {
    return <FormError title={`The permissions could not be loaded: ${errorMessage(catalogue.error)}`} />;
  }
  return <PageSpinner label="Loading the permissions" />;
}
