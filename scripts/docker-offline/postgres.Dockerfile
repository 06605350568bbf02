# A stand-in for the official postgres image from Debian's own packages (PostgreSQL 15 on
# bookworm), for machines that reach Debian's mirrors but not Docker Hub. It reads the official
# image's POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB and keeps its data in the same place.
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-15 postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
  && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
EXPOSE 5432
CMD ["sh", "/usr/local/bin/postgres-entrypoint.sh"]
