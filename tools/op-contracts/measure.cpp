//===- measure.cpp - Measure the dtype contracts of LibTorch's operators --===//
//
// Walks the c10 dispatcher's registry, keeps the aten:: operators that take
// tensor arguments, builds small CPU inputs from each schema and calls each
// operator through the dispatcher (boxed) for combinations of the dtypes of
// its tensor arguments. Every call runs in a forked child under an alarm, so
// an operator that aborts or hangs is recorded as such and the walk goes on.
//
// Output (stdout), one record a line, tab separated; assemble.py turns it
// into checker/data/op_contracts.json:
//   O <name> <overload> <schema> <scalars> <shapes>  an operator measured
//   S <name> <overload> <schema> <reason>            an operator skipped
//   C <name> <overload> <combo> <kind> <payload>     one combination's outcome
// <scalars> is the Scalar pattern of the base runs (a letter per Scalar
// argument: d its default, i the int 1), <shapes> the shape family the
// outcomes are of ("" for {2,2}; retryShapes). <combo> is the dtypes of the
// tensor arguments in schema order, joined by ',', then `@` and the Scalar
// pattern (f the float 1.5) unless it is the base one; <kind> is `ok` (payload:
// the result types), an error class (payload: the first line of the message,
// without the backtrace), `crashed` (payload: the signal) or `timeout`.
//
// Usage: measure [--only FILE] [--alarm SECONDS] [--chunk N]
//   --only FILE  measure only the operators named in FILE, one
//                `aten::name.overload` a line (`aten::name.` for no overload)
//   --one-call   a child per call rather than per operator
//
//===----------------------------------------------------------------------===//

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/function_schema.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <tuple>
#include <unistd.h>
#include <vector>

namespace {

const std::vector<c10::ScalarType> DTypes = {
    c10::kFloat, c10::kDouble, c10::kHalf, c10::kBFloat16,
    c10::kLong,  c10::kInt,    c10::kBool, c10::kByte};

// Operators whose names contain one of these are not called.
const char *const SkipPatterns[] = {
    // Side effects only. (Random operators are measured: their values
    // vary, the dtypes they take and give do not; each call is seeded.)
    "_assert_async", "record_stream",
    // Other backends and layouts than the inputs built here.
    "_foreach", "cuda", "cudnn", "miopen", "mkldnn", "quantize", "sparse",
    "_nested", "nested_", "fbgemm", "to_padded", "vulkan", "_mps", "xnnpack",
    "_cufft"};

// How one argument is built.
enum class Slot { Value, Tensor, TensorList, OptTensorList };

struct Arg {
  Slot K = Slot::Value;
  c10::IValue V;       // Slot::Value
  bool Scalar = false; // a Scalar or Scalar? argument (Slot::Value)
  bool Index = false;  // a tensor whose name says it holds indices
  bool Vector = false; // a tensor of shape {2} rather than {2,2}
  bool Zero = false;   // a 0-dim tensor (the value of masked_fill.Tensor)
};

// The shapes and values of the tensors built. Base: {2,2} (index tensors
// of the index_* operators {2}). An operator that fails on them with an
// error about shapes or values, not dtypes, is measured again under the
// first of the others with which a call of one dtype runs. The value
// families (unit1d, unit: values in [0, 1], for probabilities and
// quantiles) and 3x3 (a dimension of size 3, for cross products) come last,
// so that an operator another family suits keeps it.
enum class Family {
  Base,
  OneD,
  IndexOneD,
  ThreeD,
  FourD,
  FiveD,
  UnitOneD,
  Unit,
  ThreeByThree
};
const Family Retried[] = {Family::OneD,  Family::IndexOneD,   Family::ThreeD,
                          Family::FourD, Family::FiveD,       Family::UnitOneD,
                          Family::Unit,  Family::ThreeByThree};

const char *familyName(Family F) {
  switch (F) {
  case Family::Base:
    return "";
  case Family::OneD:
    return "1d";
  case Family::IndexOneD:
    return "index1d";
  case Family::ThreeD:
    return "3d";
  case Family::FourD:
    return "4d";
  case Family::FiveD:
    return "5d";
  case Family::UnitOneD:
    return "unit1d";
  case Family::Unit:
    return "unit";
  case Family::ThreeByThree:
    return "3x3";
  }
  return "";
}

// One call: the dtypes of the tensor arguments, and which of the plan's
// Scalar patterns gives the Scalar arguments.
struct Combo {
  std::vector<c10::ScalarType> D;
  size_t Pattern = 0;
  bool operator<(const Combo &O) const {
    return std::tie(D, Pattern) < std::tie(O.D, O.Pattern);
  }
};

struct Plan {
  std::string Name, Overload, Schema, Key;
  const c10::OperatorHandle *Op = nullptr;
  std::vector<Arg> Args;
  // One character per Scalar argument: d its default (None for Scalar?),
  // i the int 1, f the float 1.5. Patterns[0] is the base: d where the
  // schema has a default or the type is optional, else i.
  std::vector<std::string> Patterns;
  Family F = Family::Base;
  std::vector<Combo> Combos;
};

bool contains(const std::string &S, const std::string &Sub) {
  return S.find(Sub) != std::string::npos;
}

bool isIndexName(const std::string &N) {
  return N == "index" || N == "indices" || N == "target" || N == "idx" ||
         contains(N, "index") || contains(N, "indices");
}

std::string oneLine(std::string S) {
  auto NL = S.find('\n');
  if (NL != std::string::npos)
    S.resize(NL);
  for (char &C : S)
    if (C == '\t' || C == '\r')
      C = ' ';
  return S;
}

c10::IValue intListFor(const std::string &Name, c10::optional<int32_t> N) {
  size_t Len = N ? static_cast<size_t>(*N) : 1;
  int64_t V = 1;
  if (Name == "size" || Name == "shape" || Name == "sizes" ||
      Name == "output_size") {
    Len = N ? Len : 2;
    V = 2;
  } else if (Name == "normalized_shape") {
    V = 2; // the last dimension of a {2,2} input
  } else if (contains(Name, "dim") || Name == "dims")
    V = 0;
  else if (contains(Name, "padding") || Name == "output_padding")
    V = 0;
  return c10::IValue(std::vector<int64_t>(Len, V));
}

// The value of a non-tensor argument without a default, or nullopt when the
// type is not handled.
c10::optional<c10::IValue> valueFor(const c10::Argument &A, std::string &Why) {
  const std::string &N = A.name();
  const c10::TypePtr &T = A.type();
  // type() is the fake type (int for ScalarType, str for Dimname).
  std::string Real = A.real_type()->str();
  if (Real == "ScalarType")
    return c10::IValue(static_cast<int64_t>(c10::kFloat));
  if (Real == "Layout")
    return c10::IValue(static_cast<int64_t>(c10::kStrided));
  if (Real == "MemoryFormat")
    return c10::IValue(static_cast<int64_t>(c10::MemoryFormat::Contiguous));
  switch (T->kind()) {
  case c10::TypeKind::OptionalType:
    return c10::IValue();
  case c10::TypeKind::IntType:
  case c10::TypeKind::SymIntType:
    if (contains(N, "dim"))
      return c10::IValue(static_cast<int64_t>(0));
    return c10::IValue(static_cast<int64_t>(1));
  case c10::TypeKind::FloatType:
    if (N == "eps")
      return c10::IValue(1e-5);
    return c10::IValue(1.0);
  case c10::TypeKind::NumberType:
    return c10::IValue(c10::Scalar(static_cast<int64_t>(1)));
  case c10::TypeKind::BoolType:
    return c10::IValue(false);
  case c10::TypeKind::StringType:
    if (N == "equation")
      return c10::IValue(std::string("ij,jk->ik"));
    if (N == "reduce")
      return c10::IValue(std::string("sum"));
    if (N == "indexing") // meshgrid
      return c10::IValue(std::string("ij"));
    if (N == "padding") // convolution's padding mode
      return c10::IValue(std::string("same"));
    if (N == "ord" || N == "p") // a matrix norm's name
      return c10::IValue(std::string("fro"));
    return c10::IValue(std::string(""));
  case c10::TypeKind::ListType: {
    auto E = T->expectRef<c10::ListType>().getElementType();
    if (E->kind() == c10::TypeKind::IntType ||
        E->kind() == c10::TypeKind::SymIntType)
      return intListFor(N, A.N());
    if (E->kind() == c10::TypeKind::FloatType)
      return c10::IValue(std::vector<double>(A.N() ? *A.N() : 1, 1.0));
    if (E->kind() == c10::TypeKind::BoolType)
      return c10::IValue(std::vector<bool>(A.N() ? *A.N() : 1, false));
    Why = "argument type " + T->str();
    return c10::nullopt;
  }
  default:
    break;
  }
  auto S = T->str();
  if (T->kind() == c10::TypeKind::DeviceObjType)
    return c10::IValue(c10::Device(c10::kCPU));
  Why = "argument type " + S;
  return c10::nullopt;
}

bool isTensor(const c10::TypePtr &T) {
  return T->kind() == c10::TypeKind::TensorType;
}

bool isScalar(const c10::TypePtr &T) {
  if (T->kind() == c10::TypeKind::OptionalType)
    return T->expectRef<c10::OptionalType>().getElementType()->kind() ==
           c10::TypeKind::NumberType;
  return T->kind() == c10::TypeKind::NumberType;
}

// The Scalar patterns measured: the base; the Scalars without a default
// floating (add(t, 1.5)); all ints; all floating. Each once.
std::vector<std::string> scalarPatterns(const std::string &Base) {
  std::vector<std::string> Out = {Base};
  if (Base.empty())
    return Out;
  std::string Required = Base, AllI(Base.size(), 'i'), AllF(Base.size(), 'f');
  std::replace(Required.begin(), Required.end(), 'i', 'f');
  for (const std::string &S : {Required, AllI, AllF})
    if (std::find(Out.begin(), Out.end(), S) == Out.end())
      Out.push_back(S);
  return Out;
}

// The combinations of one Scalar pattern: the tensor arguments all of one
// dtype, with two or more every pair for the first two, the rest Float,
// and with three or more the first of one dtype, every other of another
// (`addcdiv_(float self, double t1, double t2)`).
void addCombos(Plan &P, size_t NumTensors, size_t Pattern) {
  std::set<std::vector<c10::ScalarType>> Seen;
  auto Add = [&](std::vector<c10::ScalarType> C) {
    if (Seen.insert(C).second)
      P.Combos.push_back({std::move(C), Pattern});
  };
  for (auto D : DTypes)
    Add(std::vector<c10::ScalarType>(NumTensors, D));
  if (NumTensors >= 2)
    for (auto D1 : DTypes)
      for (auto D2 : DTypes) {
        std::vector<c10::ScalarType> C(NumTensors, c10::kFloat);
        C[0] = D1;
        C[1] = D2;
        Add(C);
      }
  if (NumTensors >= 3)
    for (auto D1 : DTypes)
      for (auto D2 : DTypes) {
        std::vector<c10::ScalarType> C(NumTensors, D2);
        C[0] = D1;
        Add(C);
      }
}

// Builds the plan of one operator; an empty Why means it is measured.
Plan planFor(const c10::OperatorHandle &Op, std::string &Why) {
  Plan P;
  const c10::FunctionSchema &FS = Op.schema();
  P.Name = FS.name();
  P.Overload = FS.overload_name();
  P.Key = P.Name + "." + P.Overload;
  std::ostringstream OS;
  OS << FS;
  P.Schema = OS.str();
  P.Op = &Op;
  for (const char *Pat : SkipPatterns)
    if (contains(P.Name, Pat)) {
      Why = "name matches '" + std::string(Pat) + "'";
      return P;
    }
  // The dispatcher's schemas spell Dimname `str`: named-tensor overloads
  // would be measured on the names given, not on dtypes.
  if (contains(P.Overload, "dimname") || contains(P.Overload, "names") ||
      contains(P.Overload, "Dimname") || contains(P.Overload, "named")) {
    Why = "named-tensor overload";
    return P;
  }
  size_t NumTensors = 0;
  std::string Base;
  for (const c10::Argument &A : FS.arguments()) {
    Arg R;
    const c10::TypePtr &T = A.type();
    if (isTensor(T)) {
      R.K = Slot::Tensor;
      R.Index = isIndexName(A.name());
      // index_select, index_add, index_copy, index_fill, index_reduce, ...
      // take a vector of indices along `dim`.
      R.Vector = R.Index && (P.Name.rfind("aten::index_", 0) == 0 ||
                             P.Name.rfind("aten::_index_", 0) == 0);
      // mv's and addmv's vector (and addmv's self, added to it).
      R.Vector |= A.name() == "vec" ||
                  (A.name() == "self" && P.Name.rfind("aten::addmv", 0) == 0);
      // fill.Tensor, masked_fill.Tensor, index_fill.int_Tensor: a value.
      R.Zero = A.name() == "value" && contains(P.Name, "fill");
      ++NumTensors;
    } else if (T->kind() == c10::TypeKind::ListType &&
               isTensor(T->expectRef<c10::ListType>().getElementType())) {
      R.K = Slot::TensorList;
      R.Index = isIndexName(A.name());
      ++NumTensors;
    } else if (T->kind() == c10::TypeKind::ListType &&
               T->expectRef<c10::ListType>().getElementType()->kind() ==
                   c10::TypeKind::OptionalType) {
      R.K = Slot::OptTensorList;
      R.Index = true;
      ++NumTensors;
    } else if (A.default_value()) {
      R.V = *A.default_value();
      R.Scalar = isScalar(T);
      Base += R.Scalar ? "d" : "";
    } else {
      auto V = valueFor(A, Why);
      if (!V)
        return P;
      R.V = *V;
      R.Scalar = isScalar(T);
      if (R.Scalar)
        Base += T->kind() == c10::TypeKind::OptionalType ? "d" : "i";
    }
    P.Args.push_back(R);
  }
  if (NumTensors == 0) {
    Why = "no tensor arguments";
    return P;
  }
  P.Patterns = scalarPatterns(Base);
  for (size_t Pat = 0; Pat < P.Patterns.size(); ++Pat)
    addCombos(P, NumTensors, Pat);
  return P;
}

at::Tensor makeTensor(c10::ScalarType D, bool Index, bool Vector, Family F,
                      bool Zero = false) {
  auto Opts = at::TensorOptions().dtype(at::kDouble);
  if (Zero)
    return at::scalar_tensor(1.0, Opts).to(D);
  if (F == Family::UnitOneD)
    return at::tensor(Index ? std::vector<double>{1, 0}
                            : std::vector<double>{0.25, 0.75},
                      Opts)
        .to(D);
  if (F == Family::Unit)
    return at::tensor(Index ? std::vector<double>{0, 1, 1, 0}
                            : std::vector<double>{0.25, 0.75, 0.75, 0.25},
                      Opts)
        .reshape({2, 2})
        .to(D);
  if (F == Family::ThreeByThree) {
    if (Vector)
      return at::tensor(Index ? std::vector<double>{1, 0, 2}
                              : std::vector<double>{2, 1, 1},
                        Opts)
          .to(D);
    // Symmetric positive definite; each row of the indices a permutation.
    return at::tensor(Index ? std::vector<double>{0, 1, 2, 1, 2, 0, 2, 0, 1}
                            : std::vector<double>{2, 1, 0, 1, 2, 1, 0, 1, 2},
                      Opts)
        .reshape({3, 3})
        .to(D);
  }
  if (F == Family::OneD || Vector || (Index && F == Family::IndexOneD))
    return at::tensor(Index ? std::vector<double>{1, 0}
                            : std::vector<double>{2, 1},
                      Opts)
        .to(D);
  // Symmetric positive definite, invertible; indices valid for size 2.
  std::vector<double> V =
      Index ? std::vector<double>{0, 1, 1, 0} : std::vector<double>{2, 1, 1, 2};
  std::vector<int64_t> Shape = {2, 2};
  int Extra = F == Family::ThreeD  ? 1
              : F == Family::FourD ? 2
              : F == Family::FiveD ? 3
                                   : 0;
  // {1,2,2}, {1,2,2,2}, {1,2,2,2,2}: the matrix repeated.
  for (int I = 1; I < Extra; ++I) {
    std::vector<double> W = V;
    V.insert(V.end(), W.begin(), W.end());
    Shape.insert(Shape.begin(), 2);
  }
  if (Extra > 0)
    Shape.insert(Shape.begin(), 1);
  return at::tensor(V, Opts).reshape(Shape).to(D);
}

std::string describe(const c10::IValue &V) {
  if (V.isTensor()) {
    const at::Tensor &T = V.toTensor();
    return T.defined() ? std::string(c10::toString(T.scalar_type()))
                       : "undefined";
  }
  if (V.isTensorList()) {
    std::string S = "[";
    for (const at::Tensor &T : V.toTensorVector())
      S += (S.size() > 1 ? "," : "") +
           (T.defined() ? std::string(c10::toString(T.scalar_type()))
                        : std::string("undefined"));
    return S + "]";
  }
  if (V.isNone())
    return "None";
  if (V.isInt())
    return "int";
  if (V.isDouble())
    return "float";
  if (V.isBool())
    return "bool";
  if (V.isTuple()) {
    std::string S = "(";
    bool First = true;
    for (const auto &E : V.toTupleRef().elements()) {
      S += (First ? "" : ",") + describe(E);
      First = false;
    }
    return S + ")";
  }
  return V.tagKind();
}

// The dtypes joined by ',', then `@` and the Scalar pattern unless it is
// the base one.
std::string comboKey(const Plan &P, const Combo &C) {
  std::string S;
  for (auto D : C.D)
    S += (S.empty() ? "" : ",") + std::string(c10::toString(D));
  if (C.Pattern != 0)
    S += "@" + P.Patterns[C.Pattern];
  return S;
}

void writeAll(int FD, const std::string &S) {
  const char *P = S.data();
  size_t N = S.size();
  while (N) {
    ssize_t W = write(FD, P, N);
    if (W <= 0)
      _exit(3);
    P += W;
    N -= static_cast<size_t>(W);
  }
}

// One combination, in the child. Returns "kind\tpayload".
std::string runOne(const Plan &P, const Combo &CB) {
  torch::jit::Stack Stack;
  size_t TI = 0, SI = 0;
  const std::vector<c10::ScalarType> &C = CB.D;
  const std::string &Pat = P.Patterns[CB.Pattern];
  for (const Arg &A : P.Args) {
    switch (A.K) {
    case Slot::Value:
      if (!A.Scalar || Pat[SI] == 'd')
        Stack.push_back(A.V);
      else if (Pat[SI] == 'i')
        Stack.push_back(c10::Scalar(static_cast<int64_t>(1)));
      else
        Stack.push_back(c10::Scalar(1.5));
      SI += A.Scalar;
      break;
    case Slot::Tensor:
      Stack.push_back(makeTensor(C[TI++], A.Index, A.Vector, P.F, A.Zero));
      break;
    case Slot::TensorList: {
      auto D = C[TI++];
      Stack.push_back(
          c10::List<at::Tensor>({makeTensor(D, A.Index, false, P.F),
                                 makeTensor(D, A.Index, false, P.F)}));
      break;
    }
    case Slot::OptTensorList: {
      c10::List<c10::optional<at::Tensor>> L;
      L.push_back(makeTensor(C[TI++], true, false, P.F));
      Stack.push_back(L);
      break;
    }
    }
  }
  try {
    P.Op->callBoxed(Stack);
    std::string S;
    for (const auto &V : Stack)
      S += (S.empty() ? "" : ",") + describe(V);
    return "ok\t" + S;
  } catch (const c10::NotImplementedError &E) {
    return "NotImplementedError\t" + oneLine(E.what_without_backtrace());
  } catch (const c10::IndexError &E) {
    return "IndexError\t" + oneLine(E.what_without_backtrace());
  } catch (const c10::ValueError &E) {
    return "ValueError\t" + oneLine(E.what_without_backtrace());
  } catch (const c10::TypeError &E) {
    return "TypeError\t" + oneLine(E.what_without_backtrace());
  } catch (const c10::LinAlgError &E) {
    return "LinAlgError\t" + oneLine(E.what_without_backtrace());
  } catch (const c10::OutOfMemoryError &E) {
    return "OutOfMemoryError\t" + oneLine(E.what_without_backtrace());
  } catch (const c10::Error &E) {
    return "Error\t" + oneLine(E.what_without_backtrace());
  } catch (const std::exception &E) {
    return "std::exception\t" + oneLine(E.what());
  } catch (...) {
    return "unknown\t";
  }
}

// The child: runs combinations from (Op, Combo) to the end of the chunk.
[[noreturn]] void child(const std::vector<Plan> &Plans, size_t Op, size_t Combo,
                        size_t End, int FD, unsigned Alarm, bool OneCall) {
  int Null = open("/dev/null", O_WRONLY);
  if (Null >= 0)
    dup2(Null, 2); // TORCH_WARN goes to stderr
  struct rlimit RL = {size_t(8) << 30, size_t(8) << 30};
  setrlimit(RLIMIT_AS, &RL);
  at::set_num_threads(1);
  for (; Op < End; ++Op, Combo = 0) {
    const Plan &P = Plans[Op];
    for (; Combo < P.Combos.size(); ++Combo) {
      writeAll(FD, "B\t" + std::to_string(Op) + "\t" + std::to_string(Combo) +
                       "\n");
      at::manual_seed(0);
      alarm(Alarm);
      std::string R = runOne(P, P.Combos[Combo]);
      alarm(0);
      writeAll(FD, "R\t" + std::to_string(Op) + "\t" + std::to_string(Combo) +
                       "\t" + R + "\n");
      if (OneCall)
        _exit(0);
    }
  }
  _exit(0);
}

struct Options {
  unsigned Alarm = 2;
  // One child per operator by default: an operator that corrupts the heap
  // (some out= overloads given outputs of other dtypes) must not change the
  // outcomes of the next one. A fork costs milliseconds.
  size_t Chunk = 1;
  // A child per call, so that a crash is charged to the call that crashed,
  // not to a later one running on a heap an earlier corrupted.
  bool OneCall = false;
};

std::string signalName(int S) {
  switch (S) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGABRT:
    return "SIGABRT";
  case SIGFPE:
    return "SIGFPE";
  case SIGBUS:
    return "SIGBUS";
  case SIGILL:
    return "SIGILL";
  case SIGKILL:
    return "SIGKILL";
  default:
    return "signal " + std::to_string(S);
  }
}

// Runs every combination of Plans, Chunk operators a child; Out[op][combo]
// is "kind\tpayload". False when a child cannot be run.
bool runAll(const std::vector<Plan> &Plans, const Options &Opt,
            const char *Phase, std::vector<std::vector<std::string>> &Out) {
  size_t Chunk = Opt.Chunk;
  unsigned Alarm = Opt.Alarm;
  bool OneCall = Opt.OneCall;
  Out.assign(Plans.size(), {});
  for (size_t I = 0; I < Plans.size(); ++I)
    Out[I].resize(Plans[I].Combos.size());
  for (size_t Start = 0; Start < Plans.size(); Start += Chunk) {
    size_t End = std::min(Plans.size(), Start + Chunk);
    size_t Op = Start, Combo = 0;
    // A call that dies after others ran in the same child is run again
    // alone, and that outcome is the one recorded: the heap an earlier call
    // corrupted must not be charged to it.
    bool Retry = false;
    while (Op < End) {
      int Pipe[2];
      if (pipe(Pipe) != 0) {
        perror("pipe");
        return false;
      }
      pid_t Pid = fork();
      if (Pid < 0) {
        perror("fork");
        return false;
      }
      if (Pid == 0) {
        close(Pipe[0]);
        child(Plans, Op, Combo, End, Pipe[1], Alarm, OneCall || Retry);
      }
      close(Pipe[1]);
      FILE *In = fdopen(Pipe[0], "r");
      char *Line = nullptr;
      size_t Cap = 0;
      long BOp = -1, BCombo = -1; // begun, not finished
      size_t NextOp = Op, NextCombo = Combo;
      while (getline(&Line, &Cap, In) > 0) {
        std::string L(Line);
        if (!L.empty() && L.back() == '\n')
          L.pop_back();
        std::vector<std::string> F;
        size_t Pos = 0;
        for (int K = 0; K < 4; ++K) {
          size_t Tab = L.find('\t', Pos);
          F.push_back(
              L.substr(Pos, Tab == std::string::npos ? Tab : Tab - Pos));
          if (Tab == std::string::npos) {
            Pos = L.size() + 1;
            break;
          }
          Pos = Tab + 1;
        }
        if (Pos <= L.size())
          F.push_back(L.substr(Pos));
        size_t O = std::stoul(F[1]), C = std::stoul(F[2]);
        if (F[0] == "B") {
          BOp = static_cast<long>(O);
          BCombo = static_cast<long>(C);
          continue;
        }
        BOp = BCombo = -1;
        const Plan &P = Plans[O];
        Out[O][C] = F[3] + "\t" + (F.size() > 4 ? F[4] : "");
        NextOp = O;
        NextCombo = C + 1;
        if (NextCombo == P.Combos.size())
          NextOp = O + 1, NextCombo = 0;
      }
      free(Line);
      fclose(In);
      int Status = 0;
      waitpid(Pid, &Status, 0);
      if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0 && BOp < 0) {
        Retry = false;
        if (NextOp == Op && NextCombo == Combo) {
          std::cerr << "measure: child ran nothing\n";
          return false;
        }
        Op = NextOp;
        Combo = NextCombo;
        continue;
      }
      if (BOp < 0) {
        std::cerr << "measure: child failed outside a call, status " << Status
                  << "\n";
        return false;
      }
      if (!Retry && (static_cast<size_t>(BOp) != Op ||
                     static_cast<size_t>(BCombo) != Combo)) {
        Retry = true;
        Op = static_cast<size_t>(BOp);
        Combo = static_cast<size_t>(BCombo);
        continue;
      }
      Retry = false;
      const Plan &P = Plans[static_cast<size_t>(BOp)];
      std::string Kind = "crashed", Payload;
      if (WIFSIGNALED(Status) && WTERMSIG(Status) == SIGALRM)
        Kind = "timeout";
      else if (WIFSIGNALED(Status))
        Payload = signalName(WTERMSIG(Status));
      else
        Payload = "exit " + std::to_string(WEXITSTATUS(Status));
      Out[static_cast<size_t>(BOp)][static_cast<size_t>(BCombo)] =
          Kind + "\t" + Payload;
      Op = static_cast<size_t>(BOp);
      Combo = static_cast<size_t>(BCombo) + 1;
      if (Combo == P.Combos.size())
        ++Op, Combo = 0;
    }
    if (End % 100 == 0 || End == Plans.size())
      std::cerr << "measure: " << Phase << " " << End << "/" << Plans.size()
                << " operators\n";
  }
  return true;
}

// Is a recorded outcome an error about shapes, sizes or values rather than
// dtypes (OpContracts::isDTypeMessage's words)?
bool isShapeError(const std::string &Outcome) {
  size_t Tab = Outcome.find('\t');
  std::string Kind = Outcome.substr(0, Tab);
  if (Kind == "ok" || Kind == "crashed" || Kind == "timeout" ||
      Tab == std::string::npos)
    return false;
  if (Kind == "IndexError")
    return true;
  std::string M = Outcome.substr(Tab + 1), L = M;
  std::transform(L.begin(), L.end(), L.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  static const char *const ValueWords[] = {
      "shape",       "size",       "out of range", "out of bounds",
      "values only", "dimension",  "non-negative", "must be positive",
      "dims",        "contiguous", "empty",        "number of",
      "broadcast",   "rank",       "stride",       "1-d",
      "1d",          "2d",         "3d",           "4d",
      "5d",          "2-d",        "3-d",          "4-d"};
  for (const char *W : ValueWords)
    if (contains(L, W))
      return true;
  static const char *const TypeWords[] = {
      "Float",       "Double",      "Half",
      "BFloat16",    "Long",        "Int",
      "Bool",        "Byte",        "dtype",
      "scalar type", "scalar_type", "ScalarType",
      "type",        "floating",    "integral",
      "Integral",    "int64",       "int32",
      "bool",        "long",        "not implemented for",
      "cast"};
  for (const char *W : TypeWords)
    if (contains(M, W))
      return false;
  return true;
}

// An operator none of whose calls ran, some failing on the shapes, is
// measured again under the first shape family with which a call of one
// dtype (or Float with a Long index, or a Bool condition) runs; its
// outcomes are then those of that family.
void retryShapes(std::vector<Plan> &Plans, const Options &Opt,
                 std::vector<std::vector<std::string>> &Out) {
  std::vector<size_t> Cands;
  for (size_t O = 0; O < Plans.size(); ++O) {
    bool AnyOk = false, Shape = false;
    for (size_t C = 0; C < Plans[O].Combos.size(); ++C) {
      AnyOk |= Out[O][C].rfind("ok\t", 0) == 0;
      Shape |= isShapeError(Out[O][C]);
    }
    if (!AnyOk && Shape)
      Cands.push_back(O);
  }
  std::vector<bool> Done(Plans.size(), false);
  for (Family F : Retried) {
    std::vector<Plan> Trials;
    std::vector<size_t> Of;
    for (size_t O : Cands) {
      if (Done[O])
        continue;
      Plan T = Plans[O];
      T.F = F;
      size_t N = T.Combos.front().D.size();
      T.Combos.clear();
      for (auto D : DTypes)
        T.Combos.push_back({std::vector<c10::ScalarType>(N, D), 0});
      if (N >= 2)
        for (auto D : {c10::kLong, c10::kBool}) {
          std::vector<c10::ScalarType> C(N, c10::kFloat);
          C[D == c10::kLong ? 1 : 0] = D;
          T.Combos.push_back({C, 0});
        }
      Trials.push_back(std::move(T));
      Of.push_back(O);
    }
    std::vector<std::vector<std::string>> TOut;
    if (Trials.empty() || !runAll(Trials, Opt, familyName(F), TOut))
      continue;
    std::vector<Plan> Full;
    std::vector<size_t> FullOf;
    for (size_t I = 0; I < Trials.size(); ++I)
      for (const std::string &R : TOut[I])
        if (R.rfind("ok\t", 0) == 0) {
          Plan P = Plans[Of[I]];
          P.F = F;
          Full.push_back(std::move(P));
          FullOf.push_back(Of[I]);
          Done[Of[I]] = true;
          break;
        }
    std::vector<std::vector<std::string>> FOut;
    if (Full.empty() || !runAll(Full, Opt, familyName(F), FOut))
      continue;
    for (size_t I = 0; I < Full.size(); ++I) {
      Plans[FullOf[I]].F = F;
      Out[FullOf[I]] = std::move(FOut[I]);
    }
  }
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Only;
  Options Opt;
  size_t &Chunk = Opt.Chunk;
  unsigned &Alarm = Opt.Alarm;
  bool &OneCall = Opt.OneCall;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--only" && I + 1 < Argc)
      Only = Argv[++I];
    else if (A == "--alarm" && I + 1 < Argc)
      Alarm = static_cast<unsigned>(std::atoi(Argv[++I]));
    else if (A == "--one-call")
      OneCall = true;
    else if (A == "--chunk" && I + 1 < Argc)
      Chunk = static_cast<size_t>(std::atoi(Argv[++I]));
    else {
      std::cerr << "usage: measure [--only FILE] [--alarm S] [--chunk N] "
                   "[--one-call]\n";
      return 2;
    }
  }
  std::set<std::string> Wanted;
  if (!Only.empty()) {
    std::ifstream In(Only);
    for (std::string L; std::getline(In, L);)
      if (!L.empty())
        Wanted.insert(L);
  }

  auto &D = c10::Dispatcher::singleton();
  std::vector<c10::OperatorHandle> Handles;
  for (const c10::OperatorName &N : D.getAllOpNames()) {
    if (N.name.rfind("aten::", 0) != 0)
      continue;
    if (!Wanted.empty() && !Wanted.count(N.name + "." + N.overload_name))
      continue;
    if (auto H = D.findSchema(N))
      Handles.push_back(*H);
  }
  std::vector<Plan> Plans, Skipped;
  std::vector<std::string> SkipWhy;
  for (const auto &H : Handles) {
    std::string Why;
    Plan P = planFor(H, Why);
    if (Why.empty())
      Plans.push_back(std::move(P));
    else {
      Skipped.push_back(std::move(P));
      SkipWhy.push_back(Why);
    }
  }
  // planFor keeps a pointer to the handle; Handles outlives Plans.
  std::sort(Plans.begin(), Plans.end(),
            [](const Plan &A, const Plan &B) { return A.Key < B.Key; });

  for (size_t I = 0; I < Skipped.size(); ++I)
    std::cout << "S\t" << Skipped[I].Name << "\t" << Skipped[I].Overload << "\t"
              << Skipped[I].Schema << "\t" << SkipWhy[I] << "\n";
  std::vector<std::vector<std::string>> Out;
  if (!runAll(Plans, Opt, "base", Out))
    return 1;
  retryShapes(Plans, Opt, Out);

  for (const Plan &P : Plans)
    std::cout << "O\t" << P.Name << "\t" << P.Overload << "\t" << P.Schema
              << "\t" << P.Patterns[0] << "\t" << familyName(P.F) << "\n";
  for (size_t O = 0; O < Plans.size(); ++O)
    for (size_t C = 0; C < Plans[O].Combos.size(); ++C)
      std::cout << "C\t" << Plans[O].Name << "\t" << Plans[O].Overload << "\t"
                << comboKey(Plans[O], Plans[O].Combos[C]) << "\t" << Out[O][C]
                << "\n";
  return 0;
}
