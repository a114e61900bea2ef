import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { z } from 'zod';
import type { RoleMask, RouteGroup, RoutePath } from '../../access';
import type { ChainFamily } from '../../contract/address';
import type { ResourcePaths } from '../../contract/apiPaths';
import type { OrgMembership } from '../../contract/schemas/auth';
import type { ResourceEndpoint } from '../../dataProvider';

/**
 * What a resource declaration says (src/resources/<name>/index.ts). Everything the
 * console needs for a resource is derived from one of these by `defineResource`.
 * Declarations are loaded with the app entry: they import no zod, viem or views
 * (schemas and views are lazy loaders), so the login path stays small.
 */

export interface Choice {
  id: string | number;
  name: string;
}

export type ServerRecord = Record<string, unknown>;

/**
 * Where choices come from when they are not a fixed list: a list endpoint answering
 * `{list, count}` (fetched through the dataProvider, cached), the session (the user's
 * orgs), or the edited record itself (a wallet's current signers).
 */
export interface ChoiceSource {
  /** GET list endpoint, relative to the API base, e.g. `/sys/currency/legalTender/list`. */
  path?: string;
  /** Field of a listed record stored in the form. */
  value: string;
  /**
   * Field shown, or a function of the listed record; `translate` words a part of it in the language
   * shown (a wallet's kind), so a declaration the server reads too imports no i18n of its own.
   */
  label: string | ((record: ServerRecord, translate: (key: string) => string) => string);
  /** Query parameter → form (or record) field it is taken from; no call while one is blank. */
  dependsOn?: Record<string, string>;
  /** Fixed query parameters (sort, filters). */
  query?: Record<string, string | number | boolean>;
  /** For fields whose record value is a list of objects (`signers: [{userId, …}]`). */
  fromRecord?: (record: ServerRecord) => ServerRecord[];
  /** A value that is not offered may be typed in (a new ticker symbol). */
  freeText?: boolean;
  /** A typed value that is listed shows this under the input (the address book's name of an address). */
  matchText?: (record: ServerRecord) => { key: string; params: Record<string, string> };
  /**
   * The values are numbers (a chain ID, a record id): a value that arrives as text (a URL,
   * a typed-in id) is sent as the number the server's schema wants.
   */
  numericIds?: boolean;
  /**
   * Picking a listed value fills other inputs of the form from the listed record (form field →
   * record field), e.g. a known symbol's name and decimals; they stay editable.
   */
  fills?: Record<string, string>;
}

/** Built-in reference targets (src/resources/engine/lookups.ts) or a source of its own. */
export type ReferenceTarget = 'chain' | 'currency' | 'org' | 'member' | ChoiceSource;

/** Where an amount's precision comes from. */
export type AmountDecimals =
  | number
  /** Another field of the same form holds the decimals (a currency's own `decimals`). */
  | { field: string }
  /** A currency reference field of the same form: that currency's `decimals`. */
  | { currency: string }
  /** A currency symbol field and a chain field of the same form (symbols repeat across chains). */
  | { symbol: string; chain: string };

interface FieldBase {
  /** Record field; its label is the translation `resources.<name>.fields.<source>`. */
  source: string;
  /** Marks the input; the shared schema enforces it (or the engine, without a schema). */
  required?: boolean;
  /** Offered as a list filter; 'alwaysOn' shows it without opening the filter menu. */
  filterable?: boolean | 'alwaysOn';
  /** The server sorts by it (one of the schema's `…Sortable`). */
  sortable?: boolean;
  /** Default true. */
  inList?: boolean;
  /** Default true. 'create': set once, shown read-only when editing; 'edit': only when editing. */
  inForm?: boolean | 'create' | 'edit';
  /** Default true. */
  inShow?: boolean;
  /** Value of a new record's input. */
  default?: unknown;
  /** Translation key of a helper text under the input. */
  help?: string;
  fullWidth?: boolean;
  /**
   * A component of the declaration's own that shows the value in list cells and show rows (it
   * reads the record from react-admin's context), loaded with the view: a pay link's URL with
   * its copy button and QR code. Forms and export are unchanged.
   */
  display?: () => Promise<{ default: ComponentType }>;
  /**
   * Cases where the server makes the value itself (a Safe wallet's address is the contract it
   * deploys): while `when` holds for the form's values and the chain chosen in its `chainId` field,
   * the input gives way to `note` (a translation key), the value is not sent and not required.
   */
  madeByServer?: { when: (values: ServerRecord, chain: { family?: string } | undefined) => boolean; note: string };
}

export type FieldDeclaration =
  | (FieldBase & {
      kind: 'text';
      multiline?: boolean;
      /** What the text must be (the generic service's schema checks it; an input of that type). */
      format?: 'email' | 'url' | 'phone';
      /** Longest accepted text; default 200 (2000 multiline). */
      maxLength?: number;
    })
  | (FieldBase & {
      kind: 'number';
      /** Thousands separators (off for ids such as chain IDs). */
      grouping?: boolean;
      /** The id of a record shown on this route: the value links to `<link>/<id>/show` (a movement's proposal). */
      link?: string;
      /**
       * What the link (and the export) says: the linked record's public name, from the row, since an id means
       * nothing to the reader (a proposal is "Aurora cold · #4"). Default `#<id>`.
       */
      linkLabel?: (record: ServerRecord) => string | null;
    })
  | (FieldBase & {
      kind: 'amount';
      decimals: AmountDecimals;
      /** Shown for an empty amount (translation key), e.g. "the payer chooses". */ emptyText?: string;
    })
  /** An amount only shown (a report's): no form, so no precision to check. */
  | (FieldBase & { kind: 'amount'; inForm: false; decimals?: undefined; emptyText?: string })
  | (FieldBase & {
      kind: 'address';
      /** A fixed family, or the chain reference field whose chain's family applies (default `{chain: 'chainId'}`). */
      family?: ChainFamily | { chain: string };
      /** Shown for an empty address (translation key), e.g. "native coin". */
      emptyText?: string;
      /**
       * Known addresses the form offers while one may still be pasted (the org's address book):
       * listed by name, and a typed address that is one of them shows its name under the input.
       */
      suggest?: ChoiceSource & { matchText: (record: ServerRecord) => { key: string; params: Record<string, string> } };
    })
  | (FieldBase & {
      kind: 'enum';
      choices: readonly string[] | readonly Choice[] | ChoiceSource;
      /**
       * A form offers only some of the fixed choices, decided by the record chosen in another
       * reference field (a wallet's kinds by its org's tier). `choices` receives that record,
       * undefined until one is chosen. Filters and read-only inputs show every choice.
       */
      narrowedBy?: { field: string; choices: (chosen: ServerRecord | undefined) => readonly string[] };
    })
  | (FieldBase & { kind: 'boolean' })
  | (FieldBase & { kind: 'dateTime' })
  | (FieldBase & { kind: 'reference' | 'referenceList'; reference: ReferenceTarget })
  /**
   * Read-only list of objects (a wallet's balances), one line per item. `amount` writes a decimal
   * string in the reader's language on screen; exports call without it and keep the raw figure.
   */
  | (FieldBase & { kind: 'list'; itemText: (item: ServerRecord, amount?: (value: unknown) => string) => string });

export type CrudAction = 'create' | 'edit' | 'delete';
export type ViewName = 'list' | 'create' | 'edit' | 'show';

/** The shared zod schemas of src/contract/schemas, loaded with the form that uses them. */
export interface ResourceSchemas {
  create?: z.ZodType;
  update?: z.ZodType;
  /** A resource its module serves (`api: {module}`): the list query and one record as the API answers it (the server reads them). */
  list?: z.ZodType;
  record?: z.ZodType;
  /** A resource its module serves whose record is read by more than `?id=` (a member by user and org): its detail query. */
  detail?: z.ZodType;
  /** Its export's query, when it takes more than the list's (which view of the records to write). */
  export?: z.ZodType;
}
export type SchemaLoader = () => Promise<ResourceSchemas>;

/** What a view (generated or custom) receives. */
export interface ResourceViewProps {
  definition: ResourceDefinition;
  schemas?: ResourceSchemas;
  /** A list's row drawer (`list.rowDrawer`): closes it. */
  close?: () => void;
}
export type ViewLoader = () => Promise<{ default: ComponentType<ResourceViewProps> }>;

/** A list read as react-admin's `useGetList` makes it: the parameters of its query key (`[resource, 'getList', read]`). */
export interface ListRead {
  pagination: { page: number; perPage: number };
  sort: { field: string; order: 'ASC' | 'DESC' };
  filter: Record<string, unknown>;
}
/** What a list's first read depends on besides the declaration: the app bar's chain (none before the chain list). */
export interface FirstReadContext {
  chainId: number | undefined;
}

/** Groups of the menu (translation `menuGroup.<group>`). */
export type MenuGroup = 'overview' | 'chains' | 'wallets' | 'money' | 'orgs' | 'reports' | 'settings';

/** Who asks, for `recordAccess`: the selected org membership and the role it gives. */
export interface RecordActor {
  org: OrgMembership;
  roleIndex: number | null;
}

/** A menu icon loaded with the menu, so a declaration the server also reads imports no React. */
export interface IconLoader {
  lazy: () => Promise<{ default: ComponentType }>;
}

/** What a declaration says of itself in one language: its name, menu entry and field labels. */
export interface ResourceTexts {
  /** The resource's name; one and other for a language with plural forms (titles, "Contact “Ines” created"). */
  name: string | { one: string; other: string };
  fields?: Record<string, string>;
  /** Helper texts and choice labels under `resources.<name>.*`, by dotted key (`help.email`, `role.security`). */
  more?: Record<string, string>;
}

/**
 * A resource the server serves itself, from the declaration alone (docs/architecture.md
 * "Adding a resource"): a table whose columns are the fields' sources (snake_case), read and
 * written through one generic service with the declaration's access and the zod schema its
 * fields make.
 */
export interface GenericApi {
  /** The table (snake_case); its migration creates it with `id`, the fields' columns, `created_at`, `updated_at` and, for an org's rows, `org_id`. */
  table: string;
  /**
   * 'org': each row belongs to an org (`org_id`): read within the caller's scope (an operator
   * every org, an agent its own and those under it, a merchant its own), written only into the
   * caller's selected org. 'platform': one shared set of rows.
   */
  tenancy: 'org' | 'platform';
  /** Refuse a delete while rows of another table point at the record: `{table, column}` (409 with the message key). */
  deleteGuards?: ReadonlyArray<{ table: string; column: string; message: string }>;
  /** At most this many rows per org (or in all, for platform rows): a write past it is refused with 409. */
  maxRows?: number;
  /**
   * The domain's last word on a valid body before it is stored (pure: it sees the body, never the
   * database): a canonical form (an email in lower case), a value derived from others.
   */
  beforeSave?: (values: Record<string, unknown>, action: 'create' | 'update') => Record<string, unknown>;
}

/**
 * A resource its own server module serves (README "A resource with its own service"):
 * `server/modules/<module>/service.ts` exports list / detail / save / update / remove, each
 * registered with the declaration's access and the schemas its `schema` loader gives.
 */
export interface ModuleApi {
  /** The folder under server/modules, the API's name of the module (e.g. `chain`). */
  module: string;
}

export type ResourceApi = GenericApi | ModuleApi;

/** Served by the generic service from its table, not by a module of its own. */
export const isGenericApi = (api: ResourceApi | undefined): api is GenericApi => api !== undefined && !('module' in api);

export interface ResourceDeclaration {
  /**
   * The API's name of the resource (`/sys/<name>/…`, docs/api.md; e.g. `chain-wallet`): the
   * default endpoints, the translation keys `resources.<name>.name` and
   * `resources.<name>.fields.<source>`, and a dataProvider name other screens read it by
   * (`useGetList('chain-wallet')`), whatever route shows it.
   */
  name: string;
  /**
   * A guarded route of the route table (src/access/routeTable.ts `ROUTES`; its group guards
   * the resource): a path not listed there is a type error. Tests only may declare an
   * unlisted path with the group that guards it.
   */
  route: RoutePath | { path: string; group: RouteGroup };
  /** The menu icon: a component, or a loader of one (a declaration the server reads too). */
  icon: ComponentType | IconLoader;
  menuGroup: MenuGroup;
  /** Default: `resourcePaths(name)` = /sys/<name>/…; `base` (e.g. `/sys/chain`) or single paths override. */
  endpoints?: Partial<ResourcePaths> & { base?: string };
  idField?: string;
  detailIdParam?: string;
  emptyOnListFailure?: boolean;
  /** Runs after a successful update with the written record (see ResourceEndpoint). */
  afterUpdate?: (record: Record<string, unknown>) => Promise<void>;
  /**
   * The field naming a record's account, for records that are people (a member): after an update
   * of the signed-in user's own record (a manager who changed their own role) the console reads the
   * session again, so role, menu and offered actions follow at once. Console-only, resolved in
   * defineResource: the declaration imports no session code (the server reads the same file).
   */
  ownAccountField?: string;
  fields: FieldDeclaration[];
  schema?: SchemaLoader;
  /** Roles that may create / edit / delete. An action without a mask is not offered. */
  access?: Partial<Record<CrudAction, RoleMask>>;
  /**
   * May this actor edit or delete this record, beyond the role mask? For rules the record
   * decides (a wallet of another org): its edit and delete are then not offered, since a
   * write the server refuses answers 403, which signs the user out (docs/console.md).
   */
  recordAccess?: (record: Record<string, unknown>, actor: RecordActor) => boolean;
  /** Custom views replacing generated ones; `false` drops a view. */
  views?: Partial<Record<ViewName, ViewLoader | false>>;
  /**
   * A custom list view's first read, the one its first rows wait for, with the very parameters the
   * view passes to `useGetList` (one function both use): read at boot for a deep link to the list,
   * in parallel with the view's code (docs/console.md "The first load"). Generated lists derive theirs.
   */
  firstRead?: (context: FirstReadContext) => ListRead;
  /**
   * Buttons of a record's own page (generated edit and show), beside Show / Edit, loaded
   * with the page: actions that are not a field write (a wallet's "Change signers"). Each
   * decides itself, from the record, whether to show.
   */
  recordActions?: ViewLoader;
  /**
   * Values every list call filters by and every new record carries, for several screens
   * on one API (the movement kind of /transfer, /withdraw…).
   */
  scope?: Record<string, string>;
  /** Whose field labels to use (`resources.<labels>.fields.*`) when screens share one API's records; default `name`. */
  labels?: string;
  /** List and new records follow the chain selected in the app bar (true = field `chainId`). */
  chainScoped?: boolean | string;
  list?: {
    sort?: { field: string; order: 'ASC' | 'DESC' };
    perPage?: number;
    /** Shown above the rows, inside the list (it reads and sets the list's filters): totals, a date range. */
    summary?: ViewLoader;
    /**
     * Shown above the list, outside it, whether the list has rows or not (a movement screen's
     * waiting proposals of its kind): a part that reads its own data. Loaded with the list.
     */
    above?: ViewLoader;
    /**
     * What shows instead of rows: with no filter set (in place of the generic "No … yet"), and
     * when the filters hide every row (it can name them). Loaded with the list.
     */
    empty?: ViewLoader;
    /**
     * Clicking a row opens this view in a drawer beside the list (it reads the row from
     * react-admin's record context) instead of a record page: a read-only record whose details
     * do not fit a row (an audit event's before → after).
     */
    rowDrawer?: ViewLoader;
    /**
     * The "Columns" button (react-admin's ColumnsButton) that shows and hides the table's columns,
     * remembered per screen in react-admin's store (finance picks what it reads; Export still saves
     * every column). On by default; `false` leaves it out.
     */
    columnChooser?: boolean;
    /**
     * A chain-scoped list may leave the app bar's chain for every chain (finance totals all its
     * chains at once): the list's summary offers the choice (`useAllChains`), the rows then show
     * their chain, and the choice is remembered per screen in react-admin's store.
     */
    allChains?: boolean;
  };
  /** Where a created record goes: the list (default) or its show view (e.g. to read a generated code). */
  create?: {
    redirect?: 'list' | 'show';
    /**
     * Shown in the create form below its inputs, loaded with the form (it reads the form's values
     * with react-hook-form's `useWatch`): what the user should know before saving (a movement's
     * spendable balance and fee).
     */
    formPart?: ViewLoader;
  };
  /** Field naming a record in titles and references. */
  recordRepresentation?: string;
  /**
   * What names a record when no one field does, before `recordRepresentation` and "#id"; null
   * falls back to them. A movement that started a proposal is named by it ("Aurora cold · #4").
   */
  recordName?: (record: ServerRecord) => string | null;
  /** Served by the generic service from its table, or by its own module's service: see ResourceApi. */
  api?: ResourceApi;
  /**
   * Its texts, for a resource whose words are not (yet) in public/locales: used where the
   * translation files have no text of their own; a missing label reads as its field name.
   */
  translations?: Partial<Record<'en-US' | 'zh-CN', ResourceTexts>>;
}

export interface MenuEntry {
  path: string;
  labelKey: string;
  icon: ComponentType;
  group: MenuGroup;
}

/** A declaration with everything derived from it. */
export interface ResourceDefinition {
  declaration: ResourceDeclaration;
  name: string;
  /** react-admin's resource name: the route path without its slash (the URL is /<resourceName>). */
  resourceName: string;
  path: string;
  group: RouteGroup;
  idField: string;
  chainField: string | null;
  /** The declaration's `scope` (empty without one). */
  scope: Record<string, string>;
  fields: FieldDeclaration[];
  /** `<Resource {...props} />`. */
  props: ResourceProps & { name: string };
  endpoint: ResourceEndpoint;
  menu: MenuEntry;
  /** Translation keys. */
  nameKey: string;
  fieldKey(source: string): string;
  /**
   * May this role open the resource (`list`, `show`) or do this action, on this record when
   * one is given (edit / delete ask the declaration's `recordAccess`)? Pure; reads no network.
   */
  canDo(
    roleIndex: number | null | undefined,
    action: string,
    target?: { record: Record<string, unknown>; org: OrgMembership | null },
  ): boolean;
  /** Views this resource has (generated or custom). */
  hasView(view: ViewName): boolean;
  /** The code of a view, when the resource has it: what its lazy screen loads (called early to start the download). */
  loadView(view: ViewName): ReturnType<ViewLoader> | null;
  /**
   * The read a view shows its first rows from, opened at `search` (the URL's query string), when it is
   * known before the view mounts: the declaration's `firstRead`, or a generated list's own on its
   * defaults. Null otherwise (the view reads when it mounts, as any other).
   */
  firstRead(view: ViewName, search: string, context: FirstReadContext): ListRead | null;
}
