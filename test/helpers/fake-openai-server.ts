// A real local HTTP server (node:http, 127.0.0.1, a free port) speaking OpenAI's chat-completions protocol:
// POST /v1/chat/completions answered from a scripted queue — JSON or SSE stream (`data:` chunks, usage, `[DONE]`),
// HTTP errors with OpenAI-style bodies and headers (429 + Retry-After, 500, 401), or a hang. It records every
// request so tests can assert on prompts. No model is reachable from CI: this is how the LLM path is tested.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CellEdit } from '../../shared/models/loop';
import type { Notebook } from '../../shared/models/notebook';
import { applyCellEdits } from '../../shared/lib/notebook-edits';
import { toPercent } from '../../main/core/fixers/llm/notebook-text';

export type ScriptedReply =
  /** a completion; usage null leaves the usage fields out (as some local servers do) */
  | {
      kind: 'answer';
      content: string;
      usage?: { prompt_tokens: number; completion_tokens: number } | null;
      finishReason?: string;
    }
  /** an HTTP error with an OpenAI-style error body */
  | { kind: 'status'; status: number; message?: string; code?: string; headers?: Record<string, string> }
  /** accept the request and never answer (the client's timeout must fire) */
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    stream?: boolean;
    response_format?: { type: string; json_schema?: unknown };
    [key: string]: unknown;
  };
}

export interface FakeOpenAIServerOptions {
  /** when set, a request with another bearer key gets 401 (like OpenAI) */
  apiKey?: string;
  /** answer 400 to response_format json_schema, like servers without structured output */
  rejectJsonSchema?: boolean;
  model?: string;
}

export interface FakeOpenAIServer {
  /** base URL to give the SDK, ending in /v1 */
  readonly baseUrl: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  /** replies not yet used */
  pending(): number;
  close(): Promise<void>;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function errorBody(message: string, code: string | null, type = 'invalid_request_error'): unknown {
  return { error: { message, type, param: null, code } };
}

export async function startFakeOpenAIServer(options: FakeOpenAIServerOptions = {}): Promise<FakeOpenAIServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: RecordedRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as RecordedRequest['body'];
      } catch {
        return sendJson(res, 400, errorBody('the request body is not JSON', null));
      }
      const authorization = req.headers.authorization ?? null;
      requests.push({ method: req.method ?? '', path: req.url ?? '', authorization, body });
      if (req.method !== 'POST' || !req.url?.endsWith('/v1/chat/completions')) {
        return sendJson(res, 404, errorBody(`no route ${req.method} ${req.url}`, 'not_found'));
      }
      if (options.apiKey !== undefined && authorization !== `Bearer ${options.apiKey}`) {
        // OpenAI echoes a shortened key; a careless client would put this text in its error
        const given = authorization?.replace(/^Bearer /, '') ?? '';
        return sendJson(res, 401, errorBody(`Incorrect API key provided: ${given}.`, 'invalid_api_key'));
      }
      if (options.rejectJsonSchema && body.response_format?.type === 'json_schema') {
        return sendJson(
          res,
          400,
          errorBody("response_format of type 'json_schema' is not supported by this server", null),
        );
      }
      const reply = queue.shift();
      if (!reply)
        return sendJson(res, 500, errorBody('the fake server has no scripted reply left', null, 'server_error'));
      if (reply.kind === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (reply.kind === 'status') {
        const type =
          reply.status === 429 ? 'rate_limit_error' : reply.status >= 500 ? 'server_error' : 'invalid_request_error';
        return sendJson(
          res,
          reply.status,
          errorBody(reply.message ?? `scripted HTTP ${reply.status}`, reply.code ?? null, type),
          reply.headers,
        );
      }
      counter++;
      const id = `chatcmpl-fake-${counter}`;
      const created = Math.floor(Date.now() / 1000);
      const model = options.model ?? body.model ?? 'fake-model';
      const usage =
        reply.usage === null
          ? undefined
          : { ...(reply.usage ?? { prompt_tokens: 1000, completion_tokens: 200 }), total_tokens: 0 };
      if (usage) usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
      const finishReason = reply.finishReason ?? 'stop';
      if (!body.stream) {
        return sendJson(res, 200, {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.content, refusal: null },
              logprobs: null,
              finish_reason: finishReason,
            },
          ],
          ...(usage ? { usage } : {}),
        });
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
      const chunk = (
        delta: Record<string, unknown>,
        finish: string | null,
        extra: Record<string, unknown> = {},
      ): string =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...extra })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }, null));
      for (let i = 0; i < reply.content.length; i += 40)
        res.write(chunk({ content: reply.content.slice(i, i + 40) }, null));
      res.write(chunk({}, finishReason));
      const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
      if (usage && includeUsage) {
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
        );
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A good answer in the cell-edits format. */
export function cellEditsReply(
  plan: string,
  edits: CellEdit[],
  usage?: { prompt_tokens: number; completion_tokens: number } | null,
): ScriptedReply {
  return { kind: 'answer', content: JSON.stringify({ plan, edits }), ...(usage !== undefined ? { usage } : {}) };
}

/** A good answer in the paper's format: a plan, then the whole notebook (with the edits applied) in percent format. */
export function wholeNotebookReply(plan: string, notebook: Notebook, edits: CellEdit[]): ScriptedReply {
  const fixed = applyCellEdits(notebook, edits);
  return { kind: 'answer', content: `${plan}\n\n\`\`\`python\n${toPercent(fixed)}\n\`\`\`\n` };
}

/** Scripts the server to answer the next call with these edits, in the format the fixer is set to. */
export function scriptEdits(
  server: FakeOpenAIServer,
  format: 'cells' | 'notebook',
  notebook: Notebook,
  plan: string,
  edits: CellEdit[],
): void {
  server.enqueue(format === 'cells' ? cellEditsReply(plan, edits) : wholeNotebookReply(plan, notebook, edits));
}
