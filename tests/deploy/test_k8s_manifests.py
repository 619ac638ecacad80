"""deploy/k8s: the base and every overlay render (tests/deploy/kustomize_lite.py; checked against `kubectl
kustomize` where kubectl is installed) and validate offline against the Kubernetes schemas bundled by
kubernetes-validate (strict: an unknown or misspelt field fails). Then what the schemas cannot know: the
probes point at our probe routes, the args are flags `crag-mock serve` accepts, the grace period outlasts the
drain, the selectors meet the pods, and the hardening is there."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from kustomize_lite import json6902, merge, render

from mockapi.cli import make_parser

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
OVERLAYS = sorted(p.name for p in (K8S / "overlays").iterdir() if (p / "kustomization.yaml").is_file())
KUBERNETES = "1.30.0"  # the oldest release still commonly run; every field used here is GA there


def _by_kind(docs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {d["kind"]: d for d in docs}


def test_there_is_an_overlay_per_world_size() -> None:
    assert OVERLAYS == ["default", "full", "tiny"]


@pytest.mark.parametrize("overlay", ["base", *OVERLAYS])
def test_renders_and_validates_against_the_kubernetes_schemas(overlay: str) -> None:
    directory = K8S / "base" if overlay == "base" else K8S / "overlays" / overlay
    docs = render(directory)
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"} <= {
        d["kind"] for d in docs
    }
    for doc in docs:
        kubernetes_validate.validate(doc, KUBERNETES, strict=True)


def test_an_invalid_manifest_is_caught() -> None:
    """The validation above can fail: a misspelt field and a wrong type are both refused."""
    deployment = _by_kind(render(K8S / "overlays" / "default"))["Deployment"]
    bad = merge(deployment, {"spec": {"replica": 2}})
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(bad, KUBERNETES, strict=True)
    bad = merge(deployment, {"spec": {"replicas": "two"}})
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(bad, KUBERNETES, strict=True)


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_python_rendering_equals_kubectl_kustomize(overlay: str) -> None:
    out = subprocess.run(["kubectl", "kustomize", str(K8S / "overlays" / overlay)], capture_output=True,
                         text=True, check=True).stdout  # fmt: skip
    key = lambda d: (d["kind"], d["metadata"]["name"])  # noqa: E731
    real = sorted((d for d in yaml.safe_load_all(out) if d), key=key)
    assert sorted(render(K8S / "overlays" / overlay), key=key) == real


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_what_the_schemas_cannot_check(overlay: str) -> None:
    kinds = _by_kind(render(K8S / "overlays" / overlay))
    deployment, pod = kinds["Deployment"], kinds["Deployment"]["spec"]["template"]
    (server,) = pod["spec"]["containers"]
    assert server["livenessProbe"]["httpGet"]["path"] == "/livez"
    assert server["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert server["startupProbe"]["httpGet"]["path"] == "/readyz"
    assert server["resources"]["requests"]["cpu"] and server["resources"]["limits"]["memory"]
    assert pod["spec"]["securityContext"]["runAsNonRoot"] is True
    for container in pod["spec"]["containers"] + pod["spec"].get("initContainers", []):
        assert container["securityContext"]["readOnlyRootFilesystem"] is True
        assert container["securityContext"]["allowPrivilegeEscalation"] is False
        assert container["image"].startswith("registry.example/") and ":" in container["image"]
    # the args are flags of `crag-mock serve` (after the image's entry point)
    args = make_parser(["serve"]).parse_args(["serve", *server["args"]])
    assert pod["spec"]["terminationGracePeriodSeconds"] > args.drain_delay + args.drain_timeout
    labels = pod["metadata"]["labels"]
    for selector in (deployment["spec"]["selector"]["matchLabels"], kinds["Service"]["spec"]["selector"],
                     kinds["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"]):  # fmt: skip
        assert selector.items() <= labels.items()
    scaled = kinds["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert (scaled["kind"], scaled["name"]) == ("Deployment", deployment["metadata"]["name"])
    mounts = {m["name"]: m for m in server["volumeMounts"]}
    assert mounts["world"] == {"name": "world", "mountPath": "/world", "readOnly": True}
    world = next(v for v in pod["spec"]["volumes"] if v["name"] == "world")
    if overlay == "full":  # a ReadOnlyMany claim, no copy per pod
        assert "initContainers" not in pod["spec"] and set(world) == {"name", "persistentVolumeClaim"}
        claim = kinds["PersistentVolumeClaim"]
        assert claim["spec"]["accessModes"] == ["ReadOnlyMany"]
        assert world["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]
    else:  # copied from the world image by the initContainer
        assert set(world) == {"name", "emptyDir"}
        assert [c["name"] for c in pod["spec"]["initContainers"]] == ["world"]


def test_strategic_merge_and_json6902() -> None:
    """The renderer's merge rules, on the cases the overlays rely on."""
    base = {"spec": {"containers": [{"name": "a", "args": ["1", "2"], "image": "x"}, {"name": "b"}],
                     "volumes": [{"name": "w", "emptyDir": {}}]}}  # fmt: skip
    claim = {"persistentVolumeClaim": {"claimName": "c"}}
    patch = {"spec": {"containers": [{"name": "a", "args": ["3"]}],
                      "volumes": [{"name": "w", "emptyDir": None, **claim}]}}  # fmt: skip
    merged = merge(base, patch)
    assert merged["spec"]["containers"] == [{"name": "a", "args": ["3"], "image": "x"}, {"name": "b"}]
    assert merged["spec"]["volumes"] == [{"name": "w", **claim}]
    json6902(merged, {"op": "remove", "path": "/spec/containers/1"})
    json6902(merged, {"op": "replace", "path": "/spec/containers/0/args/0", "value": "4"})
    json6902(merged, {"op": "add", "path": "/spec/initContainers", "value": []})
    assert merged["spec"]["containers"] == [{"name": "a", "args": ["4"], "image": "x"}]
    assert merged["spec"]["initContainers"] == []


def test_the_world_copy_starts_a_secret_world_and_copies_neither_key_nor_gold(tmp_path: Path) -> None:
    """The initContainer's own script, run as the pod's uid over a secret world as `build --secret` leaves
    it (secret.key 0600, owned by the builder): it succeeds, and the copy holds no key and no gold."""
    pod = _by_kind(render(K8S / "overlays" / "default"))["Deployment"]["spec"]["template"]["spec"]
    (init,) = pod["initContainers"]
    shell, flag, script = init["command"]
    root = Path(tempfile.mkdtemp(prefix="crag-k8s-"))  # under /tmp: pytest's tmp_path is 0700 to uid 10001
    try:
        image, volume = root / "img", root / "vol"
        (image / "search").mkdir(parents=True)
        for name in ("manifest.json", "kg.duckdb", "pages.duckdb", "search/meta.json", "questions.duckdb"):
            (image / name).write_text(name)
        fd = os.open(image / "secret.key", os.O_WRONLY | os.O_CREAT, 0o600)
        os.write(fd, b"00" * 32 + b"\n")
        os.close(fd)
        volume.mkdir()
        for path in (root, image, image / "search"):
            path.chmod(0o755)
        as_pod: dict[str, Any] = {}
        if os.geteuid() == 0:  # root reads any file: run as the pod's uid, as the kubelet does
            security = pod["securityContext"]
            os.chown(volume, security["runAsUser"], security["runAsGroup"])
            as_pod = {"user": security["runAsUser"], "group": security["runAsGroup"], "extra_groups": []}
        else:  # the key belongs to another user in the image: unreadable to us as well
            (image / "secret.key").chmod(0)
        script = script.replace("/world", str(image)).replace("/data", str(volume))
        done = subprocess.run([shell, flag, script], capture_output=True, text=True, **as_pod)
        assert done.returncode == 0, done.stderr
        assert "secret.key not copied" in done.stderr
        copied = sorted(str(p.relative_to(volume)) for p in volume.rglob("*"))
        assert copied == ["kg.duckdb", "manifest.json", "pages.duckdb", "search", "search/meta.json"]
    finally:
        shutil.rmtree(root)
