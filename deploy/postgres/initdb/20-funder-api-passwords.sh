#!/bin/sh
# The PostgreSQL image runs this once, after 10-funder-api-setup.sql, on the first start of an
# empty cluster: the two login roles' passwords, from the environment compose.yaml gives it.
# psql quotes each as a literal (:'...'), whatever characters it holds.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v owner_password="$FUNDER_API_OWNER_PASSWORD" -v app_password="$FUNDER_API_APP_PASSWORD" <<'SQL'
ALTER ROLE funder_api_owner PASSWORD :'owner_password';
ALTER ROLE funder_api_app PASSWORD :'app_password';
SQL
