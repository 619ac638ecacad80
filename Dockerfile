# syntax=docker/dockerfile:1
# The crag-mockapi server image.
#   docker build -t crag-mockapi .                                  # no world inside: mount one at /world
#   docker build -t crag-mockapi:default --build-arg SCALE=default .  # the default world baked in
#   docker run -p 8000:8000 crag-mockapi:default                     # serve it (add flags: --workers 4, --task 3)
#   docker run -p 8000:8000 -v /srv/world:/world:ro crag-mockapi      # or mount a world read-only at /world
#   docker build -t crag-mockapi:challenge --build-arg SCALE=default --build-arg SECRET=1 .  # a challenge world
#   docker build -t crag-mockapi:smoke --build-arg SCALE=tiny --build-arg QUESTIONS=8 .  # a small world, built fast
# Gold answers are left out of the image unless --build-arg WITH_QUESTIONS=1: a challenge deployment serves
# the KG and the pages only. The server reads questions.duckdb only for /web/search perturbations
# (noise_ratio, negative_rejection, counterfactual), which pick pages by gold labels: they need the admin
# token, and without the file they answer 422, so nothing derived from the labels can be served
# (see docs/deploy.md); a secret world's questions.duckdb is 0600, so WITH_QUESTIONS=1 opens it to the server
# user. A world's secret.key (`build --secret`) is always left out: with it and the seed,
# anyone could rebuild the world, gold answers included.
ARG PYTHON_VERSION=3.11

FROM python:${PYTHON_VERSION}-slim AS install
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 UV_NO_CACHE=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY mockapi ./mockapi
COPY kg_data ./kg_data
COPY web_pages ./web_pages
COPY clients ./clients
# The image's venv holds what `crag-mock serve` needs (`[server]`), installed by uv (parallel downloads; pip's
# resolver and installer cost several times its CPU) from a venv of its own that the image leaves behind.
# Byte code is compiled here: the image runs with PYTHONDONTWRITEBYTECODE and its user cannot write the venv,
# so without it every start would compile all it imports.
RUN python -m venv /opt/uv && /opt/uv/bin/pip install --quiet 'uv>=0.13,<1' \
    && python -m venv /opt/venv \
    && /opt/uv/bin/uv pip install --quiet --python /opt/venv/bin/python --compile-bytecode '.[server]'

FROM install AS world
ARG SCALE=none
ARG SEED=0
ARG WITH_QUESTIONS=0
ARG SECRET=0
ARG QUESTIONS=
# The world builder's own dependencies (`[world]`: pandas, Faker, networkx) go into this stage only.
RUN mkdir -p /world && if [ "$SCALE" != "none" ]; then \
      /opt/uv/bin/uv pip install --quiet --python /opt/venv/bin/python '.[world]' \
      && /opt/venv/bin/crag-mock build --scale "$SCALE" --seed "$SEED" --data /world/w --passages \
        $(if [ "$SECRET" = "1" ]; then echo --secret; fi) \
        $(if [ -n "$QUESTIONS" ]; then echo --questions "$QUESTIONS"; fi) \
      && mv /world/w/* /world/ && rmdir /world/w && rm -f /world/secret.key \
      && if [ "$WITH_QUESTIONS" != "1" ]; then rm -f /world/questions.duckdb; \
         else chmod 0644 /world/questions.duckdb; fi; \
    fi

FROM python:${PYTHON_VERSION}-slim
RUN useradd --create-home --uid 10001 crag
COPY --from=install /opt/venv /opt/venv
# The world stays root-owned and read-only to the server user: the server never writes into it (it opens the
# search index through symlinks in /tmp: with --read-only, add --tmpfs /tmp), and an image built without a
# world (SCALE=none) and started without a mount fails at once ("cannot write a world under /") instead of
# quietly building the default world, gold answers included, inside the container.
# tests/deploy/test_image.py builds this file unchanged with podman and serves it as uid 10001.
COPY --from=world /world /world
USER crag
ENV PATH=/opt/venv/bin:$PATH PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
EXPOSE 8000
# start-up is under a second even on the full world (docs/scale.md); the margin is for slow volumes
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=2)"]
ENTRYPOINT ["crag-mock", "serve", "--host", "0.0.0.0", "--port", "8000", "--data", "/world"]
CMD []
