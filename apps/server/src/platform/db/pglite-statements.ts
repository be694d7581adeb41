import {
  parse,
  messages,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * Named prepared statements for the embedded database, as the PostgreSQL pool has them (`reusePreparedStatements`).
 *
 * PGlite's own `query` parses and plans every statement afresh, and crosses into its WebAssembly five times to do it
 * (Parse, Describe, Bind, Describe, Execute), each a separate exchange. Here each distinct statement text is parsed once
 * in the database's one session, under a name; every later run is one exchange (Bind, Execute, Sync) that reuses the
 * parsed statement and, once PostgreSQL settles on one, its plan.
 *
 * Only what the query builder uses goes through it (`query`, and `query` inside `transaction`): migrations, the job queue
 * and backups keep PGlite's own calls. It takes the same locks as PGlite's `query`, so it waits for a transaction in
 * progress and never interleaves with another statement.
 */

type Message = messages.BackendMessage;
type RowDescription = messages.RowDescriptionMessage;

interface Statement {
  name: string;
  /** The parameters' type OIDs as PostgreSQL resolved them (what PGlite's serializers are keyed by). */
  parameterTypes: number[];
  /** The result's columns, or none for a statement without rows (an INSERT without RETURNING). */
  description: RowDescription | undefined;
}

/** Distinct statement texts kept prepared; beyond it, the one prepared longest ago is closed to make room. */
export const PGLITE_STATEMENTS_MAX = 1_000;

/** SQLSTATE 0A000 "cached plan must not change result type": a table under the statement changed its columns. */
const FEATURE_NOT_SUPPORTED = '0A000';

/** What the query builder asks of the client: `query`, and `transaction` whose callback gets an object with `query`. */
export interface PreparedPglite {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** One wrapper per database: its statement names live in the database's one session, so two caches would collide. */
const wrappers = new WeakMap<PGlite, PreparedPglite>();

export function withPreparedStatements(client: PGlite, max = PGLITE_STATEMENTS_MAX): PreparedPglite {
  let wrapper = wrappers.get(client);
  if (!wrapper) {
    wrapper = prepareStatements(client, max);
    wrappers.set(client, wrapper);
  }
  return wrapper;
}

function prepareStatements(client: PGlite, max: number): PreparedPglite {
  const statements = new Map<string, Statement>();
  let named = 0;
  let configured = false;

  /**
   * Sends protocol messages in one exchange and answers the backend's messages; throws the database's error. The answer
   * is read through `execProtocolRawStream`, which hands over the raw bytes only: `execProtocolRawSync` alone would also
   * parse every message into PGlite's own collector, twice the work, kept until PGlite's next `execProtocol`.
   */
  const exchange = async (messages: Uint8Array[]): Promise<Message[]> => {
    const chunks: Uint8Array[] = [];
    await client.execProtocolRawStream(Buffer.concat([...messages, protocol.serialize.sync()]), {
      syncToFs: false,
      // A chunk is a view of the database's own buffer, which the next chunk overwrites.
      onRawData: (chunk) => chunks.push(chunk.slice()),
    });
    const answer = parseMessages(Buffer.concat(chunks));
    const failure = answer.find((message) => message.name === 'error');
    if (failure) throw failure as messages.DatabaseError;
    return answer;
  };

  const prepare = async (text: string): Promise<Statement> => {
    const known = statements.get(text);
    if (known) {
      // Most recently used last, so the eviction below closes the statement unused longest.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const messages: Uint8Array[] = [];
    if (statements.size >= max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      messages.push(protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    named += 1;
    const name = `halcyon_${named}`;
    messages.push(protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }));
    const answer = await exchange(messages);
    const parameters = answer.find((message) => message.name === 'parameterDescription') as
      messages.ParameterDescriptionMessage | undefined;
    const statement: Statement = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      description: answer.find((message) => message.name === 'rowDescription') as RowDescription | undefined,
    };
    statements.set(text, statement);
    return statement;
  };

  /**
   * Drops a statement from the cache, and closes it in the database outside a transaction (inside one that has failed,
   * the database takes nothing but its end: the statement stays behind under its name, never used again).
   */
  const forget = async (text: string, inTransaction: boolean) => {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    if (!inTransaction) await exchange([protocol.serialize.close({ type: 'S', name: statement.name })]);
  };

  const execute = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> => {
    const statement = await prepare(text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : asText(value);
    });
    const answer = await exchange([
      protocol.serialize.bind({ statement: statement.name, values }),
      protocol.serialize.execute({}),
    ]);
    const messages = statement.description ? [statement.description, ...answer] : answer;
    // PGlite merges a statement's own parsers into its hundreds of type parsers by copying them all on every call
    // (131 µs a statement, more than the statement itself): the statement's few stand in front of them instead.
    const parsers: typeof client.parsers = options?.parsers
      ? Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers)
      : client.parsers;
    return parse.parseResults(messages, parsers, options && { ...options, parsers: undefined })[0] as Results<T>;
  };

  /**
   * Runs a statement. If a table under it changed its columns since it was prepared, it is prepared again: outside a
   * transaction and run once more; inside one, which that error has failed, for the next run.
   */
  const run = async <T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> => {
    try {
      try {
        return await execute<T>(text, params, options);
      } catch (error) {
        if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED || !statements.has(text)) throw error;
        await forget(text, inTransaction);
        if (inTransaction) throw error;
        return await execute<T>(text, params, options);
      }
    } catch (error) {
      // As PGlite's own `query` reports a failed statement: the error says which statement and values.
      if (error instanceof Error) Object.assign(error, { query: text, params });
      throw error;
    }
  };

  return {
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          if (!configured) {
            // As the PostgreSQL pool's connections are opened (openPostgres), and for the same reason: a statement with
            // LIMIT or an id list would otherwise be planned afresh at every run. Set outside any transaction, so that
            // no rollback undoes it.
            await exchange([protocol.serialize.query('set plan_cache_mode = force_generic_plan')]);
            configured = true;
          }
          const result = await run<T>(text, params, options, false);
          await client.syncToFs();
          return result;
        }),
      );
    },
    transaction: (callback) =>
      client.transaction((tx) => {
        const inside: Transaction = {
          ...tx,
          query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return client._runExclusiveQuery(() => run<T>(text, params, options, true));
          },
          get closed() {
            return tx.closed;
          },
        };
        return callback(inside);
      }),
  };
}

/** The first byte of a DataRow message (PostgreSQL's frontend/backend protocol). */
const DATA_ROW = 0x44;

/**
 * The backend's messages in a buffer of whole messages, in order. Data rows, most of an answer, are read here, each field
 * as text straight from the buffer: PGlite's parser copies every field into an ArrayBuffer of its own before decoding it,
 * which cost a page of 26 invoices more than running its statement. Every other message goes through PGlite's parser.
 */
function parseMessages(buffer: Buffer): Message[] {
  const answer: Message[] = [];
  const parser = new protocol.Parser();
  const push = (message: Message) => answer.push(message);
  let offset = 0;
  while (offset < buffer.length) {
    const end = offset + 1 + buffer.readInt32BE(offset + 1);
    if (buffer[offset] === DATA_ROW) answer.push(dataRow(buffer, offset, end));
    else parser.parse(buffer.subarray(offset, end), push);
    offset = end;
  }
  return answer;
}

/** A DataRow message (`offset` at its type byte): its fields as text, null for NULL, as PGlite's parser answers them. */
function dataRow(buffer: Buffer, offset: number, end: number): messages.DataRowMessage {
  const fieldCount = buffer.readInt16BE(offset + 5);
  const fields: (string | null)[] = new Array<string | null>(fieldCount);
  let at = offset + 7;
  for (let i = 0; i < fieldCount; i += 1) {
    const length = buffer.readInt32BE(at);
    at += 4;
    if (length === -1) {
      fields[i] = null;
    } else {
      fields[i] = buffer.toString('utf8', at, at + length);
      at += length;
    }
  }
  return new messages.DataRowMessage(end - offset - 1, fields);
}

/** A value whose type has no serializer, as text: as PGlite's own query sends it, but an object as JSON. */
function asText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      return JSON.stringify(value);
  }
}
