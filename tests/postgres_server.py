"""A private PostgreSQL server for the test session (and the benchmarks).

``initdb`` and ``pg_ctl`` come from ``PATH`` or ``/usr/lib/postgresql/*/bin``.
``initdb`` refuses to run as root, so under root the server runs as the
unprivileged ``nobody`` with its directory handed to that user. It listens
on a free 127.0.0.1 port with trust authentication (nothing but this machine
can reach it) and is removed when stopped.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

#: The user the server runs as when we are root.
UNPRIVILEGED = "nobody"


def find_binaries() -> Path | None:
    """The folder with ``initdb`` and ``pg_ctl``, or ``None``."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PostgresServer:
    """``start()`` it, use :attr:`url`, ``stop()`` it.

    ``durable=False`` turns off fsync for the test suite (a crashed test
    server is thrown away anyway); the benchmark keeps PostgreSQL's defaults.
    """

    def __init__(self, *, durable: bool = False) -> None:
        self.bin = find_binaries()
        if self.bin is None:
            raise FileNotFoundError("initdb/pg_ctl not found on PATH or in /usr/lib/postgresql/*/bin")
        self.durable = durable
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="brettbote-pg-"))
        self.data = self.root / "data"
        self.user = UNPRIVILEGED if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        return f"postgresql://brettbote@127.0.0.1:{self.port}/postgres"

    def database_url(self, name: str) -> str:
        return f"postgresql://brettbote@127.0.0.1:{self.port}/{name}"

    def _run(self, *args: str) -> None:
        result = subprocess.run(args, user=self.user, cwd=self.root, capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {result.stdout}{result.stderr}")

    def start(self) -> "PostgresServer":
        if self.user is not None:
            shutil.chown(self.root, self.user)
            os.chmod(self.root, 0o700)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "brettbote", "--auth=trust",
                  "--encoding=UTF8", "--locale=C", "--no-sync")
        options = [f"-p {self.port}", "-c listen_addresses=127.0.0.1", f"-c unix_socket_directories={self.root}",
                   "-c max_connections=200"]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-t", "60",
                  "-o", " ".join(options), "start")
        return self

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
