-- Trigram matching for case-insensitive substring search over products (docs/SPEC.md §9).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
