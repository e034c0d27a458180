# syntax=docker/dockerfile:1
# Build: compile the service (portal, connector, authorization server and migrations) into one executable.
FROM denoland/deno:2.9.6 AS build
WORKDIR /src
COPY deno.json deno.lock ./
COPY main.ts drizzle.config.ts ./
COPY src ./src
COPY migrations ./migrations
COPY scripts/compile.ts ./scripts/compile.ts
RUN deno task compile

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
# A container is a real installation: no demo accounts with the public demo password unless asked for
# (docker run -e DEMO_DATA=true). The native libSQL addon is unpacked into /tmp at start: a container run
# with --read-only needs --tmpfs /tmp.
ENV PORT=8000 DATABASE_URL=file:/data/hr.db DEMO_DATA=false
EXPOSE 8000
# Answered before the service's modules load (main.ts): a few milliseconds, not a second service.
HEALTHCHECK --interval=30s --timeout=3s CMD ["/usr/local/bin/hr-service", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/hr-service"]
CMD ["serve"]
