-- The admin Users page at scale (docs/performance.md "A million movies"): at 50,000 members its
-- search read every account (strpos cannot use an index), its sort by name sorted them all, and each
-- page counted them. Now a search for part of a name or an email reads trigram indexes (LIKE with the
-- search's own % and _ escaped, lib/data/admin-users.ts), the sort by name reads an index in its
-- order, and the totals come from the 'users' figure in SiteCount and the admins' partial index.
CREATE INDEX "User_fullName_lower_trgm_idx" ON "User" USING GIN (lower("fullName") gin_trgm_ops);
CREATE INDEX "User_email_lower_trgm_idx" ON "User" USING GIN (lower("email"::text) gin_trgm_ops);
CREATE INDEX "User_fullName_lower_createdAt_id_idx" ON "User" (lower("fullName"), "createdAt" DESC, "id");
CREATE INDEX "User_admins_idx" ON "User" ("id") WHERE "isAdmin";
