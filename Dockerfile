# syntax=docker/dockerfile:1
# Build: compile the service (portal, connector, authorization server and migrations) into one executable.
FROM denoland/deno:2.9.6 AS build
WORKDIR /src
COPY deno.json deno.lock ./
COPY main.ts drizzle.config.ts ./
COPY src ./src
COPY migrations ./migrations
RUN deno install --frozen --entrypoint main.ts && deno task compile

# Run: the single executable as a non-root user, the database on a volume.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin hr \
 && mkdir -p /data && chown hr:hr /data
COPY --from=build /src/dist/hr-service /usr/local/bin/hr-service
USER hr
WORKDIR /data
VOLUME ["/data"]
ENV PORT=8000 DATABASE_URL=file:/data/hr.db
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s CMD ["/usr/local/bin/hr-service", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/hr-service"]
CMD ["serve"]
