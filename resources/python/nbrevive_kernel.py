# Starts an ipykernel for nbrevive_runner.py in the runner's own interpreter. It is ipykernel_launcher plus:
# - one repair: ipykernel 6 forwards fd-level output (os.system, C extensions) with a strict UTF-8 decode, so one
#   non-UTF-8 byte (or a character split across two reads) kills its forwarding thread and later output hangs;
# - `--nbrevive-url-map FILE`: the run's mapped URLs are served from local copies (nbrevive_urls.py), installed
#   before the first cell runs. The option is taken out of argv before ipykernel parses it.
import codecs
import os
import sys


def _patch_fd_forwarding():
    try:
        from ipykernel import iostream
    except Exception:  # the runner reports a missing ipykernel itself
        return
    if not hasattr(iostream.OutStream, "_watch_pipe_fd"):
        return

    def _watch_pipe_fd(self):
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        try:
            bts = os.read(self._fid, 65536)
            while bts and self._should_watch:
                self.write(decoder.decode(bts))
                bts = os.read(self._fid, 65536)
        except Exception:
            self._exc = sys.exc_info()

    iostream.OutStream._watch_pipe_fd = _watch_pipe_fd


def _take_option(argv, name):
    """Removes `name VALUE` from argv and returns VALUE (None when absent)."""
    if name not in argv:
        return None
    at = argv.index(name)
    value = argv[at + 1] if at + 1 < len(argv) else None
    del argv[at : at + 2]
    return value


if __name__ == "__main__":
    url_map = _take_option(sys.argv, "--nbrevive-url-map")
    if url_map:
        # imported while the launcher's folder is still sys.path[0]
        import nbrevive_urls

        nbrevive_urls.install(url_map)
    # like ipykernel_launcher: the launcher's folder must not shadow the notebook's own modules
    if sys.path and os.path.abspath(sys.path[0] or ".") == os.path.dirname(os.path.abspath(__file__)):
        del sys.path[0]
    _patch_fd_forwarding()
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()
