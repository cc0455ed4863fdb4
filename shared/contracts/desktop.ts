// The desktop-only API between the renderer and Electron's main process (native dialogs, the system browser, the
// key store's state, menu commands), declared like the app API so the preload builds it the same way. The browser
// build has none of it: the renderer checks for `window.nbreviveDesktop` before offering native touches.
import { z } from 'zod';
import { ClientOf, event, EventKeys, invoke, InvokeKeys } from './channel';
import { EmptySchema } from './schemas';
import { CaseImportOutputSchema } from './case-schemas';

export const SecretStorageStatusSchema = z.object({
  /** false: the key cannot be stored safely here (see `message`); OPENAI_API_KEY still works */
  canStore: z.boolean(),
  /** Linux: the keyring backend Electron chose (`basic_text` = none); elsewhere the OS store */
  backend: z.string(),
  /** what the user should know or do, or null when all is well */
  message: z.string().nullable(),
});
export type SecretStorageStatus = z.infer<typeof SecretStorageStatusSchema>;

export const MenuCommandSchema = z.enum(['export', 'toggle-theme', 'open-settings']);
export type MenuCommand = z.infer<typeof MenuCommandSchema>;

const FileFilterSchema = z.object({ name: z.string(), extensions: z.array(z.string().regex(/^[a-z0-9*]+$/i)) });

export const DESKTOP = {
  /** the native open dialog; cancel gives no paths */
  'desktop:dialogs.openImport': invoke(
    z.object({ folder: z.boolean().default(false) }).strict(),
    z.object({ paths: z.array(z.string()) }),
  ),
  /** the native save dialog; cancel gives null */
  'desktop:dialogs.saveFile': invoke(
    z.object({ defaultName: z.string().min(1), filters: z.array(FileFilterSchema).default([]) }).strict(),
    z.object({ path: z.string().nullable() }),
  ),
  /** the native folder chooser (batch exports); cancel gives null */
  'desktop:dialogs.chooseFolder': invoke(EmptySchema, z.object({ path: z.string().nullable() })),
  /** imports dropped or chosen notebooks/folders through the app API and tells every window (event below) */
  'desktop:cases.importPaths': invoke(
    z.object({ paths: z.array(z.string().min(1)).min(1, 'paths must name at least one file or folder') }).strict(),
    CaseImportOutputSchema,
  ),
  /** opens an http(s) link in the system browser; any other scheme is refused */
  'desktop:shell.openExternal': invoke(z.object({ url: z.string() }).strict(), z.object({ opened: z.boolean() })),
  /** shows an exported file in the system file manager */
  'desktop:shell.showItem': invoke(z.object({ path: z.string().min(1) }).strict(), EmptySchema),
  'desktop:secrets.status': invoke(EmptySchema, SecretStorageStatusSchema),

  /** a menu item or shortcut the renderer carries out */
  'desktop:menu.command': event(z.object({ command: MenuCommandSchema })),
  /** cases were imported from the menu or by a drop onto the window */
  'desktop:cases.imported': event(CaseImportOutputSchema),
} as const;

export type Desktop = typeof DESKTOP;
export type DesktopInvokeChannel = InvokeKeys<Desktop>;
export type DesktopEventChannel = EventKeys<Desktop>;

/** `window.nbreviveDesktop`: the contract's functions plus the one local helper a drop handler needs. */
export type NbreviveDesktopApi = ClientOf<Desktop> & {
  /** the file-system path of a dropped File (Electron's webUtils.getPathForFile); '' when it has none */
  pathForFile(file: unknown): string;
};

export const DESKTOP_INVOKE_CHANNELS = (Object.keys(DESKTOP) as (keyof Desktop)[]).filter(
  (k): k is DesktopInvokeChannel => DESKTOP[k].kind === 'invoke',
);
export const DESKTOP_EVENT_CHANNELS = (Object.keys(DESKTOP) as (keyof Desktop)[]).filter(
  (k): k is DesktopEventChannel => DESKTOP[k].kind === 'event',
);
