-- Trigram matching for case-insensitive substring search over products (SPEC §9).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
