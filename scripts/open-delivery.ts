// `npm run open-delivery -- create|revoke|list --establishment <slug> [--client <id>] [--webhook <url>]`
// The establishment's Open Delivery credentials (docs/open-delivery.md 'Credentials') on the
// command line, beside the owner's panel, and the only place a webhook is set: `create` prints the
// client id and the secret once (only the secret's hash is kept), `revoke` ends a client and its
// tokens at once, `list` shows them. Works on the database of DATABASE_URL / DATA_DIR directly, like `npm run seed`.
import { getDatabase } from '../src/server/db/database.ts';
import { getEstablishment } from '../src/server/db/catalogue-repo.ts';
import { createOdClient, listClients, revokeClient } from '../src/server/open-delivery/clients.ts';
import { CliError, parseCommandLine, runCommand } from './lib/cli.ts';

const USAGE = `Uso: npm run open-delivery -- <comando> --establishment <slug> [opções]

Comandos:
  create   cria uma credencial Open Delivery para o PDV (mostra o segredo uma única vez)
  revoke   revoga uma credencial (--client obrigatório); os tokens dela deixam de valer na hora
  list     lista as credenciais do estabelecimento

Opções:
  --establishment, -e  slug do estabelecimento (obrigatório), ex.: pizzaria-bella
  --client             client_id a revogar
  --webhook            (create) endereço https do PDV que recebe os eventos (newEvent)`;

async function main(argv: string[]): Promise<string> {
  const { values, positionals } = parseCommandLine(argv, { client: { type: 'string' }, webhook: { type: 'string' } }, USAGE);
  const [command] = positionals;
  if (values.help) return USAGE;
  if (command !== 'create' && command !== 'revoke' && command !== 'list') throw new CliError(USAGE, 2);
  if (!values.establishment) throw new CliError(`Informe o estabelecimento: --establishment <slug>\n\n${USAGE}`, 2);
  if (values.webhook !== undefined && !/^https?:\/\/\S+$/.test(values.webhook)) throw new CliError('O webhook deve ser um endereço http(s).', 2);
  const { db } = await getDatabase();
  try {
    const est = await getEstablishment(db, { slug: values.establishment });
    if (!est) throw new CliError(`Estabelecimento não encontrado: ${values.establishment}`);
    const now = new Date();
    if (command === 'create') {
      const created = await createOdClient(db, est._id, now, values.webhook ? { url: values.webhook } : null);
      return [
        `Credencial Open Delivery criada para ${est.name}.`,
        `client_id: ${created.clientId}`,
        `client_secret: ${created.clientSecret}`,
        'Guarde o segredo agora: ele não será mostrado de novo.',
      ].join('\n');
    }
    if (command === 'revoke') {
      if (!values.client) throw new CliError(`Informe a credencial: --client <client_id>\n\n${USAGE}`, 2);
      if (!(await revokeClient(db, est._id, values.client, now))) throw new CliError(`Credencial ativa não encontrada em ${est.name}: ${values.client}`);
      return `Credencial ${values.client} revogada.`;
    }
    const clients = await listClients(db, est._id);
    if (clients.length === 0) return `${est.name}: nenhuma credencial Open Delivery.`;
    return clients
      .map(
        (c) =>
          `${c.client_id}  criada ${c.created_at}${c.revoked_at ? `  revogada ${c.revoked_at}` : '  ativa'}${c.webhook_url ? `  webhook ${c.webhook_url}` : ''}`,
      )
      .join('\n');
  } finally {
    await db.destroy();
  }
}

await runCommand(main);
