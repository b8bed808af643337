// Zenvia's SMS channel (API v2), a provider Brazilian businesses use for transactional SMS:
//   POST https://api.zenvia.com/v2/channels/sms/messages
//   X-API-TOKEN: <token>, Content-Type: application/json
//   { "from": "<sender id>", "to": "5511987654321", "contents": [{ "type": "text", "text": "..." }] }
// `to` is the number with the country code and no '+'. Answers 200 with the message ({ id, from,
// to, direction, channel, contents, timestamp }); an error answers 4xx/5xx { code, message }.
import { SmsSendError, type SmsSender } from './sms.ts';

export interface ZenviaOptions {
  token: string;
  /** The SMS channel's sender id in Zenvia's platform. */
  from: string;
  /** Origin of the API, default https://api.zenvia.com. */
  apiUrl: string;
  /** Per request; default 5 s. */
  timeoutMs?: number;
}

export function createZenviaSender(opts: ZenviaOptions): SmsSender {
  const url = `${opts.apiUrl.replace(/\/+$/, '')}/v2/channels/sms/messages`;
  return {
    engine: 'zenvia',
    async send(message) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'X-API-TOKEN': opts.token, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ from: opts.from, to: message.to.replace(/^\+/, ''), contents: [{ type: 'text', text: message.text }] }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
        });
      } catch (err) {
        throw new SmsSendError(`Zenvia unreachable: ${(err as Error).message}`, { cause: err });
      }
      const answer = (await res.json().catch(() => null)) as { id?: string; code?: string; message?: string } | null;
      if (!res.ok) throw new SmsSendError(`Zenvia ${res.status}: ${answer?.message ?? 'no error message'} (code ${answer?.code ?? '-'})`);
      if (!answer?.id) throw new SmsSendError('Zenvia answered without a message id');
    },
  };
}
