// Runs one scenario of the corpus (linked in by verify.py) and says what
// happened: "ok", or "threw" with the error text and the program's frames at
// the throw, so verify.py can name the scenario line that raised.
//
// usage: scenario-runner --list | --run NAME | --run-each DIR SECONDS NAME...
//
// Every throw records the call stack (the runner provides __cxa_throw, which
// LibTorch's libraries bind to, and forwards to the C++ runtime's). Frames are
// printed as offsets into this executable; verify.py symbolizes them.

#include <c10/util/Exception.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <exception>
#include <execinfo.h>
#include <fcntl.h>
#include <string>
#include <sys/wait.h>
#include <typeinfo>
#include <unistd.h>

struct ScenarioEntry {
  const char *Name;
  int (*Main)(int, char **);
};
extern const ScenarioEntry kScenarios[];
extern const unsigned kNumScenarios;

namespace {
void *Frames[128];
int NumFrames = 0;
} // namespace

extern "C" [[noreturn]] void __cxa_throw(void *Obj, std::type_info *Type,
                                         void (*Dtor)(void *)) {
  NumFrames = backtrace(Frames, 128);
  using ThrowFn = void (*)(void *, std::type_info *, void (*)(void *));
  static ThrowFn Real =
      reinterpret_cast<ThrowFn>(dlsym(RTLD_NEXT, "__cxa_throw"));
  Real(Obj, Type, Dtor);
  __builtin_unreachable();
}

static void printFrames() {
  Dl_info Self;
  if (!dladdr(reinterpret_cast<void *>(&printFrames), &Self))
    return;
  std::printf("frames:");
  for (int I = 0; I < NumFrames; ++I) {
    Dl_info Info;
    if (dladdr(Frames[I], &Info) && Info.dli_fbase == Self.dli_fbase)
      std::printf(" 0x%lx", static_cast<unsigned long>(
                                reinterpret_cast<char *>(Frames[I]) -
                                static_cast<char *>(Self.dli_fbase) - 1));
  }
  std::printf("\n");
}

static void printText(const char *Key, const std::string &Text) {
  // One line: the first line of the message is what the corpus quotes.
  std::string Line = Text.substr(0, Text.find('\n'));
  std::printf("%s: %s\n", Key, Line.c_str());
}

/// Runs one scenario and prints what happened ("result: ..."); 0 unless the
/// name is unknown.
static int runScenario(const char *Name) {
  for (unsigned I = 0; I < kNumScenarios; ++I) {
    if (std::strcmp(kScenarios[I].Name, Name))
      continue;
    char *Args[] = {const_cast<char *>(Name), nullptr};
    try {
      int Status = kScenarios[I].Main(1, Args);
      std::fflush(stdout);
      std::printf("\nresult: %s %d\n", Status == 0 ? "ok" : "status", Status);
      return 0;
    } catch (const c10::Error &E) {
      std::printf("\nresult: threw c10::Error\n");
      printText("message", E.what_without_backtrace());
    } catch (const std::exception &E) {
      std::printf("\nresult: threw %s\n", typeid(E).name());
      printText("message", E.what());
    } catch (...) {
      std::printf("\nresult: threw unknown\n");
    }
    printFrames();
    return 0;
  }
  std::fprintf(stderr, "no scenario named %s\n", Name);
  return 2;
}

/// --run-each: LibTorch's libraries are loaded and initialised once (about
/// 0.7 s), then each scenario runs in a child forked from this process, its
/// output in DIR/<position>.out, killed by SIGALRM after SECONDS. One line per
/// scenario on stdout: "<position> exit <status>" or "<position> signal <n>".
static int runEach(const char *Dir, unsigned Seconds, int Argc, char **Argv) {
  for (int I = 0; I < Argc; ++I) {
    std::string Out = std::string(Dir) + "/" + std::to_string(I) + ".out";
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t Child = fork();
    if (Child < 0) {
      std::perror("fork");
      return 2;
    }
    if (Child == 0) {
      int Fd = open(Out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (Fd < 0 || dup2(Fd, 1) < 0 || dup2(Fd, 2) < 0)
        _exit(3);
      close(Fd);
      alarm(Seconds);
      int Status = runScenario(Argv[I]);
      std::fflush(stdout);
      std::fflush(stderr);
      _exit(Status);
    }
    int Status = 0;
    if (waitpid(Child, &Status, 0) < 0) {
      std::perror("waitpid");
      return 2;
    }
    if (WIFSIGNALED(Status))
      std::printf("%d signal %d\n", I, WTERMSIG(Status));
    else
      std::printf("%d exit %d\n", I, WEXITSTATUS(Status));
  }
  return 0;
}

int main(int Argc, char **Argv) {
  if (Argc == 2 && !std::strcmp(Argv[1], "--list")) {
    for (unsigned I = 0; I < kNumScenarios; ++I)
      std::printf("%s\n", kScenarios[I].Name);
    return 0;
  }
  if (Argc == 3 && !std::strcmp(Argv[1], "--run"))
    return runScenario(Argv[2]);
  if (Argc >= 4 && !std::strcmp(Argv[1], "--run-each"))
    return runEach(Argv[2], static_cast<unsigned>(std::atoi(Argv[3])), Argc - 4,
                   Argv + 4);
  std::fprintf(
      stderr,
      "usage: %s --list | --run NAME | --run-each DIR SECONDS NAME...\n",
      Argv[0]);
  return 2;
}
