# Starts an ipykernel for nbrevive_runner.py in the runner's own interpreter. It is ipykernel_launcher plus one
# repair: ipykernel 6 forwards fd-level output (os.system, C extensions) with a strict UTF-8 decode, so one
# non-UTF-8 byte (or a character split across two reads) kills its forwarding thread and later output hangs.
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


if __name__ == "__main__":
    # like ipykernel_launcher: the launcher's folder must not shadow the notebook's own modules
    if sys.path and os.path.abspath(sys.path[0] or ".") == os.path.dirname(os.path.abspath(__file__)):
        del sys.path[0]
    _patch_fd_forwarding()
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()
