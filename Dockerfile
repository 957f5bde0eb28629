FROM python:3.11-slim

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engines ./engines
COPY render ./render
RUN pip install --no-cache-dir . && useradd --create-home brettbote && mkdir /data && chown brettbote /data

USER brettbote
# The match database lives on a volume so matches survive a new container.
VOLUME ["/data"]
ENV DATABASE_URL=sqlite:////data/brettbote.sqlite3 \
    PYTHONUNBUFFERED=1

# DISCORD_TOKEN comes from the environment: docker run -e DISCORD_TOKEN=... or --env-file .env
CMD ["brettbote", "run"]
