/**
 * `npm run import-account -- --file ARCHIVE (--email ADDRESS | --tenant ID)`: brings an archive of
 * 'Export all my data' into an account of this Bree (docs/ACCOUNT.md "Export all my data"): its
 * documents with their stored text, tags, metadata, versions and Trash, and the voice profile's
 * style guide and notes. Run where Bree runs, with the same DATA_DIR or DATABASE_URL; with the
 * embedded database, stop Bree first.
 */
import { stat } from 'node:fs/promises';
import type { DocContent } from '@bree/contracts';
import { monotonicFactory } from 'ulid';
import type { Database } from '../db/db';
import { isAppError } from '../lib/errors';
import { createAccountImport, ImportRefused, type ImportSummary } from '../modules/account/import.service';
import { createFilesPort, prepareContent } from '../modules/files/files.port';
import { createFilesService } from '../modules/files/files.service';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { normalizeEmail } from '../modules/identity/accounts.service';
import { createVersionsExportData } from '../modules/versions/versions.export-data';
import { createVoiceExportData } from '../modules/voice/voice.export-data';
import { workspaceDocumentLinks } from '../modules/workspaces/workspaces.links';
import { openBreeDatabase, Stop, type Io } from './cli-support';
import { readTarGz } from './tar';

const USAGE = `Usage: npm run import-account -- --file ARCHIVE --email ADDRESS
       npm run import-account -- --file ARCHIVE --tenant ID

Brings an archive of 'Export all my data' (bree-export-….tar.gz) into an account of this Bree:
its documents with their text, tags, metadata, versions and Trash, and the voice profile's
style guide and notes. The account must exist (create it first: Sign in → Create account);
--email names an account of Bree's own sign-in, --tenant the account id (the 'sub') of an
external OIDC issuer. Documents are added beside the account's own. Run it where Bree runs,
with the same DATA_DIR or DATABASE_URL. With the embedded database, stop Bree first.`;

interface Args {
  file: string;
  email: string | null;
  tenant: string | null;
}

function parseArgs(argv: string[]): Args {
  if (argv.includes('--help') || argv.includes('-h')) throw new Stop(USAGE, 0);
  const args: Args = { file: '', email: null, tenant: null };
  for (let i = 0; i < argv.length; i++) {
    const option = argv[i]!;
    const value = argv[i + 1];
    if (!['--file', '--email', '--tenant'].includes(option)) throw new Stop(`Unknown option ${option}.\n\n${USAGE}`, 2);
    if (value === undefined || value.startsWith('--')) throw new Stop(`${option} needs a value.\n\n${USAGE}`, 2);
    if (option === '--file') args.file = value;
    if (option === '--email') args.email = value;
    if (option === '--tenant') args.tenant = value;
    i++;
  }
  if (!args.file || (args.email === null) === (args.tenant === null)) throw new Stop(USAGE, 2);
  return args;
}

/** "1 document", "3 documents". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The account the archive goes into: its id (the tenant) and how to name it. */
async function targetAccount({ database, args }: { database: Database; args: Args }): Promise<{ tenantId: string; label: string }> {
  if (args.tenant !== null) return { tenantId: args.tenant, label: `the account ${args.tenant}` };
  const email = normalizeEmail(args.email!);
  const user = await createAccountsRepository({ db: database.db }).findByEmail({ email });
  if (!user) throw new Stop(`No account uses the email ${email}; nothing was imported. Create the account first (Sign in → Create account).`);
  return { tenantId: user.id, label: email };
}

/** Imports `file` into the tenant's account on `database`. */
export async function importAccountArchive({ database, tenantId, file }: { database: Database; tenantId: string; file: string }): Promise<ImportSummary> {
  const db = database.db;
  const newId = monotonicFactory();
  const files = createFilesService({ db, newId, links: workspaceDocumentLinks });
  const port = createFilesPort({ db, newId });
  const versions = createVersionsExportData({ db });
  const accountImport = createAccountImport({
    newId,
    targets: {
      documents: {
        create: async (q) => ({ id: (await files.create({ ...q, content: q.content as DocContent })).id }),
        patchMetadata: (q) => port.patchMetadata(q),
        trash: async (q) => void (await files.bulkDelete(q)),
      },
      versions: { insert: (row) => versions.insert(row) },
      voice: createVoiceExportData({ db }),
      prepare: (content) => prepareContent(content as DocContent),
    },
  });
  return accountImport.importArchive({ tenantId, entries: readTarGz(file) });
}

/** Runs the command; answers the exit code. `database` replaces the one of the environment (tests). */
export async function importAccountCommand(
  argv: string[],
  io: Pick<Io, 'stdout' | 'stderr'> = { stdout: process.stdout, stderr: process.stderr },
  { database: given }: { database?: Database } = {},
): Promise<number> {
  let opened: Database | null = null;
  try {
    const args = parseArgs(argv);
    if (!(await stat(args.file).catch(() => null))?.isFile()) throw new Stop(`No file ${args.file}.`);
    const database =
      given ??
      (opened = await openBreeDatabase({
        // An external issuer's accounts are known here by their id only.
        externalIssuer: args.email === null ? null : (issuer) => `Bree signs people in through ${issuer} (OIDC_ISSUER): name the account with --tenant ID.`,
      }));
    const { tenantId, label } = await targetAccount({ database, args });
    const done = await importAccountArchive({ database, tenantId, file: args.file });
    io.stdout.write(
      `Imported ${count(done.documents, 'document')} (${done.trashed} in the Trash), ${count(done.versions, 'version')}` +
        `${done.voiceProfile ? ' and the voice profile' : ''} into ${label}.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof Stop) {
      (error.code === 0 ? io.stdout : io.stderr).write(`${error.message}\n`);
      return error.code;
    }
    const reason = error instanceof ImportRefused || isAppError(error) || error instanceof Error ? error.message : String(error);
    io.stderr.write(`Could not import the archive: ${reason}\nWhat was imported before this stays in the account.\n`);
    return 1;
  } finally {
    await opened?.close();
  }
}
