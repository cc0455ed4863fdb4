# Executes one notebook with nbclient (every cell runs: allow_errors) and reports what happens as one JSON event
# per line on a dedicated channel (RunnerEventSchema in shared/models/execution.ts). The notebook's own output
# never reaches that channel: the channel is a private copy of the fd the parent chose, and fds 1 and 2 of this
# process (which the kernel inherits) point at stderr, which the parent only keeps as diagnostics.
#
# usage: python nbrevive_runner.py --notebook NB.ipynb --cwd WORKING_DIR [--events-fd 3] [--output-cap BYTES]
#                                  [--url-map FILE]   (the URLs the kernel serves from local copies: nbrevive_urls.py)
import argparse
import asyncio
import codecs
import json
import os
import signal
import sys
import time

DEFAULT_OUTPUT_CAP = 1024 * 1024  # characters of stream text kept per cell
RICH_OUTPUT_CAP = 16 * 1024 * 1024  # bytes of rich outputs (images, html) kept per cell
TRACEBACK_CAP = 256 * 1024


def _replace_surrogates(err):
    # lone surrogates (undecodable bytes smuggled through str) become U+FFFD instead of crashing the encoder
    return ("\ufffd" * (err.end - err.start), err.end)


codecs.register_error("nbrevive-replace", _replace_surrogates)


class EventChannel:
    """Writes events to the private fd; signals are held off so a line is never cut by a stop request."""

    def __init__(self, fd):
        self.fd = fd
        self.closed = False

    def emit(self, event):
        if self.closed:
            return
        data = (json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8", "nbrevive-replace")
        blockable = {signal.SIGTERM, signal.SIGINT}
        old = signal.pthread_sigmask(signal.SIG_BLOCK, blockable)
        try:
            view = memoryview(data)
            while view:
                written = os.write(self.fd, view)
                view = view[written:]
        except BrokenPipeError:
            # the parent is gone: nobody reads the events any more, but the cleanup must still run
            self.closed = True
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


class StopRequested(BaseException):
    """The parent asked us to stop (timeout or cancel): report what ran so far, then exit."""


def watch_stop_channel(stop_fd):
    """A line on the stop channel, or its end (the parent is gone), asks us to stop, as SIGTERM does: a wrapper that
    runs us as its child (bwrap, conda run) may not pass a signal on, but it passes the channel."""
    import threading

    def watch():
        try:
            while True:
                data = os.read(stop_fd, 256)
                if not data or b"\n" in data:
                    break
        except OSError:
            pass
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="nbrevive-stop", daemon=True).start()


def open_event_channel(events_fd):
    channel_fd = os.dup(events_fd)  # dup'ed fds are non-inheritable: the kernel never gets the channel
    os.dup2(2, 1)  # stray prints from us, the kernel and its children go to stderr
    if events_fd > 2:
        os.close(events_fd)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    sys.stdout = sys.stderr
    return EventChannel(channel_fd)


def become_subreaper():
    # orphaned grandchildren of the kernel re-parent to us, so the parent still finds them in our process tree
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_CHILD_SUBREAPER = 36
        libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        # when the process that started us dies (a worker killed with SIGKILL), we get SIGTERM and stop the
        # kernel and everything it started, instead of computing on as an orphan
        PR_SET_PDEATHSIG = 1
        parent = os.getppid()
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGTERM)
    except Exception:
        pass


def descendants(root):
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        if fields and fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_descendants():
    """Nothing the notebook started may outlive the run: freeze the whole tree, then kill it (we are its reaper)."""
    if not sys.platform.startswith("linux"):
        return
    for _ in range(50):
        pids = descendants(os.getpid())
        if not pids:
            return
        for sig in (signal.SIGSTOP, signal.SIGKILL):
            for pid in pids if sig == signal.SIGSTOP else descendants(os.getpid()):
                try:
                    os.kill(pid, sig)
                except OSError:
                    pass
        time.sleep(0.02)
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break


def source_text(cell):
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def first_line(src):
    for line in src.splitlines():
        if line.strip():
            return line.strip()[:200]
    return ""


def human_bytes(n):
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024.0
    return str(n)


def make_client_class(url_map=None):
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager
    from nbclient import NotebookClient
    from nbformat import NotebookNode

    kernel_launcher = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nbrevive_kernel.py")

    class SameInterpreterKernelSpecs(KernelSpecManager):
        """Every kernel name resolves to ipykernel in THIS interpreter (never a foreign 'python3' kernelspec)."""

        def get_kernel_spec(self, kernel_name):
            extra = ["--nbrevive-url-map", url_map] if url_map else []
            return KernelSpec(
                argv=[sys.executable, kernel_launcher, *extra, "-f", "{connection_file}"],
                display_name="Python 3 (nbrevive)",
                language="python",
                metadata={},
                resource_dir=os.path.dirname(kernel_launcher),
            )

    class RunnerKernelManager(AsyncKernelManager):
        def __init__(self, **kwargs):
            kwargs.setdefault("kernel_spec_manager", SameInterpreterKernelSpecs())
            super().__init__(**kwargs)

    class RunnerClient(NotebookClient):
        """nbclient with live events, per-cell output caps and merged stream outputs."""

        def __init__(self, nb, channel, output_cap, **kwargs):
            super().__init__(nb, **kwargs)
            self.channel = channel
            self.output_cap = output_cap
            self.reset_cell_budget()

        def reset_cell_budget(self):
            self.stream_chars = 0
            self.dropped_chars = 0
            self.rich_bytes = 0
            self.dropped_rich = 0

        def output(self, outs, msg, display_id, cell_index):
            msg_type = msg["msg_type"]
            parent_msg_id = msg["parent_header"].get("msg_id")
            if msg_type == "stream" and not self.output_hook_stack[parent_msg_id]:
                return self.stream_output(outs, msg, cell_index)
            out = super().output(outs, msg, display_id, cell_index)
            if out is None:
                return None
            if msg_type == "error":
                self.error_output(out, cell_index)
            elif "data" in out:
                size = len(json.dumps(out.get("data"), ensure_ascii=False))
                self.rich_bytes += size
                if self.rich_bytes > RICH_OUTPUT_CAP:
                    self.dropped_rich += size
                    out["data"] = {"text/plain": "[nbrevive: output dropped, the cell's outputs exceed the cap]"}
                    out["metadata"] = {}
            return out

        def stream_output(self, outs, msg, cell_index):
            content = msg["content"]
            name = content.get("name", "stdout")
            name = name if name in ("stdout", "stderr") else "stdout"
            text = content.get("text", "")
            room = self.output_cap - self.stream_chars
            if len(text) > room:
                self.dropped_chars += len(text) - max(room, 0)
                text = text[: max(room, 0)]
            if not text:
                return None
            self.stream_chars += len(text)
            self.channel.emit({"type": "stream", "cellIndex": cell_index, "name": name, "text": text})
            last = outs[-1] if outs else None
            if last is not None and last.get("output_type") == "stream" and last.get("name") == name:
                last["text"] = last["text"] + text
                return last
            out = NotebookNode(output_type="stream", name=name, text=text)
            outs.append(out)
            return out

        def error_output(self, out, cell_index):
            traceback = list(out.get("traceback") or [])
            total = 0
            kept = []
            for line in traceback:
                total += len(line)
                if total > TRACEBACK_CAP:
                    kept.append(f"[nbrevive: traceback cut, {len(traceback) - len(kept)} more lines]")
                    break
                kept.append(line)
            out["traceback"] = kept
            cell = self.nb.cells[cell_index]
            self.channel.emit(
                {
                    "type": "error",
                    "cellIndex": cell_index,
                    "cellId": cell.get("id"),
                    "ename": str(out.get("ename", "")),
                    "evalue": str(out.get("evalue", "")),
                    "traceback": kept,
                }
            )

        def finish_cell_outputs(self, cell, cell_index):
            notes = []
            if self.dropped_chars:
                notes.append(
                    f"{self.dropped_chars} characters of stream output dropped (kept the first {self.output_cap})"
                )
            if self.dropped_rich:
                notes.append(f"{human_bytes(self.dropped_rich)} of rich output dropped")
            for note in notes:
                message = f"cell {cell_index}: {note}"
                self.channel.emit({"type": "note", "message": message})
                cell.setdefault("outputs", []).append(
                    NotebookNode(output_type="stream", name="stderr", text=f"[nbrevive: {note}]\n")
                )
            self.reset_cell_budget()

    return RunnerClient, RunnerKernelManager


async def kernel_exit_description(client):
    km = client.km
    code = None
    try:
        provisioner = getattr(km, "provisioner", None)
        if provisioner is not None:
            code = await provisioner.poll()
    except Exception:
        code = None
    if code is None:
        return "the kernel died"
    if code < 0:
        sig = -code
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = f"signal {sig}"
        if sig == signal.SIGKILL:
            return f"the kernel was killed ({name}; often the system ran out of memory)"
        return f"the kernel was killed by {name}"
    return f"the kernel exited with code {code}"


async def run(nb, cwd, channel, output_cap, state, url_map=None):
    RunnerClient, RunnerKernelManager = make_client_class(url_map)
    client = RunnerClient(
        nb,
        channel,
        output_cap,
        kernel_name="python3",
        kernel_manager_class=RunnerKernelManager,
        allow_errors=True,
        timeout=None,
        startup_timeout=120,
        iopub_timeout=10,
        record_timing=False,
        resources={"metadata": {"path": cwd}},
    )
    state["client"] = client
    client.km = client.create_kernel_manager()
    await client.async_start_new_kernel(cwd=cwd)
    try:
        await client.async_start_new_kernel_client()
        from nbclient.util import ensure_async

        msg_id = await ensure_async(client.kc.kernel_info())
        info = await client.async_wait_for_reply(msg_id)
        if info is not None and "language_info" in info["content"]:
            nb.metadata["language_info"] = info["content"]["language_info"]
        from nbclient.exceptions import DeadKernelError

        ordinal = 0
        code_cells = [i for i, c in enumerate(nb.cells) if c.get("cell_type") == "code"]
        for cell_index in code_cells:
            cell = nb.cells[cell_index]
            ordinal += 1
            if not await ensure_async(client.km.is_alive()):
                state["crash"] = (cell_index, await kernel_exit_description(client), code_cells)
                return
            src = source_text(cell)
            state["running"] = cell_index
            channel.emit(
                {
                    "type": "cell-started",
                    "cellIndex": cell_index,
                    "cellId": cell.get("id"),
                    "ordinal": ordinal,
                    "firstLine": first_line(src),
                }
            )
            started = time.monotonic()
            cell["outputs"] = []
            try:
                await client.async_execute_cell(cell, cell_index, execution_count=client.code_cells_executed + 1)
            except DeadKernelError:
                client.finish_cell_outputs(cell, cell_index)
                state["crash"] = (cell_index, await kernel_exit_description(client), code_cells)
                return
            state["running"] = None
            client.finish_cell_outputs(cell, cell_index)
            failed = any(o.get("output_type") == "error" for o in cell.get("outputs", []))
            if failed:
                state["errors"] += 1
            channel.emit(
                {
                    "type": "cell-finished",
                    "cellIndex": cell_index,
                    "cellId": cell.get("id"),
                    "durationMs": round((time.monotonic() - started) * 1000, 1),
                    "status": "error" if failed else "ok",
                }
            )
        client.set_widgets_metadata()
    finally:
        await shutdown_kernel(client)


async def shutdown_kernel(client):
    try:
        if client.kc is not None:
            client.kc.stop_channels()
        if client.km is not None and client.km.has_kernel:
            await client.km.shutdown_kernel(now=True)
    except Exception as e:  # the kernel may already be gone; the parent kills what is left
        print(f"nbrevive runner: kernel shutdown: {e}", file=sys.stderr)


def crash_message(crash, nb):
    cell_index, why, code_cells = crash
    not_run = [i for i in code_cells if i > cell_index]
    message = f"{why} while running cell {cell_index}"
    if not_run:
        shown = ", ".join(str(i) for i in not_run[:20]) + (", ..." if len(not_run) > 20 else "")
        message += f"; {len(not_run)} later code cell(s) were not run ({shown})"
    return message


def main():
    parser = argparse.ArgumentParser(description="execute a notebook and report JSON events")
    parser.add_argument("--notebook", required=True, help="path of the .ipynb to execute ('-' for stdin)")
    parser.add_argument("--cwd", required=True, help="working directory of the kernel")
    parser.add_argument("--events-fd", type=int, default=3, help="fd the JSON events are written to")
    parser.add_argument("--output-cap", type=int, default=DEFAULT_OUTPUT_CAP)
    parser.add_argument("--url-map", help="JSON file of the URLs the kernel serves from local copies")
    parser.add_argument("--stop-fd", type=int, help="fd on which a line, or its end, asks the runner to stop")
    args = parser.parse_args()

    # dup'ed before open_event_channel moves /dev/null onto fd 0, and not inherited by the kernel
    stop_fd = os.dup(args.stop_fd) if args.stop_fd is not None else None
    channel = open_event_channel(args.events_fd)
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # silences a debugger warning on kernel start
    become_subreaper()

    stopping = []

    def on_stop(signum, frame):
        # once: the stop channel and a signal may both ask, and the second must not cut the report of the first
        if stopping:
            return
        stopping.append(signum)
        raise StopRequested(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, on_stop)
    signal.signal(signal.SIGINT, on_stop)
    if stop_fd is not None:
        watch_stop_channel(stop_fd)

    if args.notebook == "-":
        text = sys.stdin.buffer.read().decode("utf-8", "replace")
    else:
        with open(args.notebook, "rb") as f:
            text = f.read().decode("utf-8", "replace")

    import nbformat

    from nbformat.v4.rwbase import rejoin_lines

    # sources and texts may be stored as lists of lines; nbclient works on strings
    nb = rejoin_lines(nbformat.from_dict(json.loads(text)))
    cells = nb.get("cells", [])
    nb["cells"] = cells
    channel.emit(
        {
            "type": "started",
            "cellCount": len(cells),
            "codeCellCount": sum(1 for c in cells if c.get("cell_type") == "code"),
            "python": f"{sys.version.split()[0]} ({sys.executable})",
        }
    )

    state = {"errors": 0, "crash": None, "running": None, "client": None}
    status, message = "ok", None
    try:
        if any(c.get("cell_type") == "code" for c in cells):
            url_map = os.path.abspath(args.url_map) if args.url_map else None
            asyncio.run(run(nb, os.path.abspath(args.cwd), channel, args.output_cap, state, url_map))
        if state["crash"] is not None:
            status, message = "crashed", crash_message(state["crash"], nb)
        elif state["errors"]:
            status = "error"
    except StopRequested as stop:
        running = state["running"]
        where = f" while cell {running} was running" if running is not None else ""
        status, message = ("error" if state["errors"] else "ok"), f"stopped by {stop}{where}"
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    except Exception as e:
        import traceback

        traceback.print_exc()
        status, message = "crashed", f"the runner failed: {type(e).__name__}: {e}"
    kill_descendants()
    channel.emit({"type": "done", "status": status, "message": message, "notebook": json.dumps(nb, ensure_ascii=False)})
    sys.stderr.flush()
    # the kernel is gone or being killed by the parent; don't wait for asyncio/zmq teardown
    os._exit(0)


if __name__ == "__main__":
    main()
