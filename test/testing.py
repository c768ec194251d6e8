"""What the Python test drivers share: expect() and the closing
`N passed, N failed` line that ctest's callers read (exit 1 on a failure).

    sys.path.insert(0, os.path.join(ROOT, "test"))
    from testing import expect, failed, finish
"""
import sys

passed = 0
failed = []


def expect(cond, what):
    """Counts a check; a failing one is named on stdout at once."""
    global passed
    if cond:
        passed += 1
    else:
        failed.append(what)
        print("FAIL " + what, flush=True)


def finish(skip_when_none_ran=False):
    """Prints the closing line and exits: 1 when a check failed; with
    skip_when_none_ran, 77 (ctest's skip) when no check ran at all."""
    print("%d passed, %d failed" % (passed, len(failed)))
    sys.exit(1 if failed else 77 if skip_when_none_ran and passed == 0 else 0)
