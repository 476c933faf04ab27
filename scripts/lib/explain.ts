// EXPLAIN for the scripts that show how PostgreSQL runs the catalogue search (bench-search.ts,
// explain-search.ts). The search runs inside marquee_search() (PL/pgSQL), where a plain EXPLAIN
// shows only "Function Scan": auto_explain, raised to NOTICE level, hands this session the plans of
// the statements nested in it too. Needs a superuser session (LOAD), as the throwaway servers give.
import type pg from "pg";

/** The plan of `sql` (EXPLAIN ANALYZE, BUFFERS) and those of marquee_search()'s query inside it. */
export async function explainWithNested(client: pg.Client, sql: { text: string; values: unknown[] }): Promise<string> {
  const notices: string[] = [];
  const collect = (notice: { message?: string }) => notices.push(notice.message ?? "");
  await client.query(`LOAD 'auto_explain'`);
  await client.query(`SET auto_explain.log_level = notice`);
  await client.query(`SET auto_explain.log_nested_statements = on`);
  await client.query(`SET auto_explain.log_analyze = on`);
  await client.query(`SET auto_explain.log_buffers = on`);
  await client.query(`SET auto_explain.log_timing = on`);
  await client.query(`SET auto_explain.log_min_duration = 0`);
  // The second run shows the plan the function keeps for the connection (made on the first).
  await client.query(sql.text, sql.values);
  client.on("notice", collect);
  try {
    await client.query(sql.text, sql.values);
  } finally {
    client.off("notice", collect);
    await client.query(`SET auto_explain.log_min_duration = -1`);
  }
  // Keep the outer statement and the search query; skip the small helper functions' plans.
  const plans = notices.filter(
    (message) => message.includes("query_words AS") || message.includes(sql.text.trim().slice(0, 40)),
  );
  return plans.map((message) => message.replace(/Query Text:[\s\S]*?\n(?=\S*[A-Z][a-z]+.*\(actual)/, "")).join("\n\n");
}
