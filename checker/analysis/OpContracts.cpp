//===- OpContracts.cpp - measured dtype contracts of aten ops ------------===//

#include "OpContracts.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace torchdtype {

namespace {

struct MessageRow {
  const char *Class;
  const char *Text;
};

constexpr MessageRow Messages[] = {
#define TD_CONTRACT_MESSAGE(Class, Text) {Class, Text},
#include "OpContractTables.inc"
#undef TD_CONTRACT_MESSAGE
};

// The length of a literal, not strlen's: the whole table stays within the
// compiler's constexpr step limit.
#define TD_LITERAL(S) llvm::StringRef(S, sizeof(S) - 1)
constexpr ContractOverload Overloads[] = {
#define TD_CONTRACT(Name, Overload, Slots, Signature, Flags, Outcomes,         \
                    Scalars, Variants)                                         \
  {TD_LITERAL(Name),                                                           \
   TD_LITERAL(Overload),                                                       \
   TD_LITERAL(Slots),                                                          \
   TD_LITERAL(Signature),                                                      \
   Flags,                                                                      \
   TD_LITERAL(Outcomes),                                                       \
   TD_LITERAL(Scalars),                                                        \
   TD_LITERAL(Variants)},
#include "OpContractTables.inc"
#undef TD_CONTRACT
#undef TD_LITERAL
};

/// The table's dtypes, in op_contracts.json's "dtypes" order.
constexpr DType TableDTypes[] = {DType::Float,    DType::Double, DType::Half,
                                 DType::BFloat16, DType::Long,   DType::Int,
                                 DType::Bool,     DType::Byte};

std::optional<unsigned> tableIndex(DType D) {
  for (unsigned I = 0; I < 8; ++I)
    if (TableDTypes[I] == D)
      return I;
  return std::nullopt;
}

unsigned decode(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'A' && C <= 'Z')
    return 10 + (C - 'A');
  if (C >= 'a' && C <= 'z')
    return 36 + (C - 'a');
  return C == '-' ? 62 : 63;
}

/// The code of combination Combo in an overload's Outcomes.
unsigned codeAt(llvm::StringRef Outcomes, unsigned Combo) {
  return decode(Outcomes[2 * Combo]) * 64 + decode(Outcomes[2 * Combo + 1]);
}

/// Whether a row of outcomes holds Code (compared as its two characters,
/// the tablegen's alphabet: explain asks it of every overload).
bool holdsCode(llvm::StringRef Outcomes, unsigned Code) {
  static constexpr char Digits[] =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
  const char Hi = Digits[(Code / 64) % 64], Lo = Digits[Code % 64];
  const char *P = Outcomes.data();
  for (size_t I = 0; I + 1 < Outcomes.size(); I += 2)
    if (P[I] == Hi && P[I + 1] == Lo)
      return true;
  return false;
}

} // namespace

llvm::ArrayRef<DType> OpContracts::dtypes() { return TableDTypes; }

OpContracts::OpContracts() {
  for (unsigned I = 0; I < std::size(Overloads); ++I)
    ByName[Overloads[I].Name].push_back(I);
}

llvm::ArrayRef<unsigned> OpContracts::overloads(llvm::StringRef Name) const {
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return {};
  return It->second;
}

unsigned OpContracts::numOverloads() { return std::size(Overloads); }

const ContractOverload &OpContracts::overload(unsigned I) const {
  return Overloads[I];
}

namespace {

/// The outcomes of the runs with Scalar pattern Scalars, or "" when that
/// pattern was not measured.
llvm::StringRef outcomesFor(const ContractOverload &O,
                            std::optional<llvm::StringRef> Scalars) {
  if (!Scalars || *Scalars == O.Scalars)
    return O.Outcomes;
  size_t K = O.Scalars.size(), L = O.Outcomes.size();
  if (Scalars->size() != K || K == 0)
    return "";
  for (llvm::StringRef V = O.Variants; V.size() >= K + L;
       V = V.drop_front(K + L))
    if (V.take_front(K) == *Scalars)
      return V.substr(K, L);
  return "";
}

} // namespace

ContractOutcome
OpContracts::outcome(unsigned Overload, llvm::ArrayRef<DType> SlotDTypes,
                     std::optional<llvm::StringRef> Scalars) const {
  const ContractOverload &O = Overloads[Overload];
  ContractOutcome R;
  llvm::StringRef Outcomes = outcomesFor(O, Scalars);
  unsigned N = O.numSlots();
  if (SlotDTypes.size() != N || N == 0)
    return R;
  llvm::SmallVector<unsigned, 4> Idx;
  for (DType D : SlotDTypes) {
    std::optional<unsigned> I = tableIndex(D);
    if (!I)
      return R;
    Idx.push_back(*I);
  }
  // All of one dtype; the first two any, the rest Float; the first one
  // dtype, every other another (the table's three families).
  auto RestAre = [&](unsigned V) {
    return llvm::all_of(llvm::ArrayRef<unsigned>(Idx).drop_front(2),
                        [&](unsigned I) { return I == V; });
  };
  unsigned Combo;
  if (llvm::all_equal(Idx))
    Combo = Idx[0];
  else if (RestAre(0)) // (Float is the table's first dtype)
    Combo = 8 + Idx[0] * 8 + Idx[1];
  else if (N >= 3 && RestAre(Idx[1]))
    Combo = 72 + Idx[0] * 8 + Idx[1];
  else
    return R;
  if (2 * Combo + 1 >= Outcomes.size())
    return R;
  unsigned Code = codeAt(Outcomes, Combo);
  if (Code == 0)
    return R;
  if (Code <= 9) {
    R.K = ContractOutcome::Runs;
    if (Code <= 8)
      R.Result = TableDTypes[Code - 1];
    return R;
  }
  // A complex result (the tablegen's codes 11 to 13).
  if (Code >= 11 && Code <= 13) {
    R.K = ContractOutcome::Runs;
    R.Result = Code == 11   ? DType::ComplexHalf
               : Code == 12 ? DType::ComplexFloat
                            : DType::ComplexDouble;
    return R;
  }
  if (Code < 16 || Code - 16 >= std::size(Messages)) {
    R.K = ContractOutcome::Crashes;
    return R;
  }
  R.K = ContractOutcome::Throws;
  R.MessageIndex = Code - 16;
  R.Message = Messages[Code - 16].Text;
  R.Class = Messages[Code - 16].Class;
  return R;
}

unsigned OpContracts::numMessages() const { return std::size(Messages); }

llvm::StringRef OpContracts::message(unsigned I) const {
  return Messages[I].Text;
}

namespace {

bool isWordChar(char C) { return llvm::isAlnum(C) || C == '_'; }

/// Does S start with W as a whole word (nothing of a word follows it)?
bool startsWithWord(llvm::StringRef S, llvm::StringRef W) {
  return S.starts_with(W) && (S.size() == W.size() || !isWordChar(S[W.size()]));
}

/// The length of the spelling of a dtype S starts with, 0 if none.
size_t dtypeSpellingAt(llvm::StringRef S) {
  // ScalarType's names, as toString and the legacy tensor types print them.
  static constexpr llvm::StringLiteral Names[] = {
      "ComplexDouble", "ComplexFloat", "ComplexHalf", "BFloat16", "Double",
      "Float",         "Half",         "Long",        "Int",      "Short",
      "Char",          "Byte",         "Bool",        "QUInt8",   "QInt8",
      "QInt32",        "UInt16",       "UInt32",      "UInt64"};
  // What caffe2::TypeMeta names (the demangled C++ type), and the widths
  // Python's dtypes and some messages use.
  static constexpr llvm::StringLiteral Spellings[] = {
      "c10::complex<c10::Half>", "c10::complex<float>", "c10::complex<double>",
      "c10::BFloat16", "c10::Half", "unsigned char", "signed char",
      "short int", "long long int", "long long", "long int", "int64_t",
      "int32_t", "int16_t", "int8_t", "uint8_t", "float", "double", "long",
      "int", "short", "bool", "char", "half", "bfloat16", "float16",
      "float32", "float64", "complex64", "complex128", "cfloat", "cdouble",
      "int8", "int16", "int32", "int64", "uint8"};
  static constexpr llvm::StringLiteral Prefixes[] = {
      "torch.cuda.", "torch.", "CUDA", "CPU", "MPS", "XPU", ""};
  static constexpr llvm::StringLiteral Suffixes[] = {"Type", "Tensor", ""};
  size_t Best = 0;
  for (llvm::StringRef P : Prefixes) {
    if (!S.starts_with(P))
      continue;
    llvm::StringRef R = S.drop_front(P.size());
    for (llvm::StringRef N : Names) {
      if (!R.starts_with(N))
        continue;
      for (llvm::StringRef Suffix : Suffixes)
        // A device's prefix names a legacy type: its suffix is needed.
        if ((!Suffix.empty() || P.empty() || P.starts_with("torch")) &&
            startsWithWord(R.drop_front(N.size()), Suffix))
          Best = std::max(Best, P.size() + N.size() + Suffix.size());
    }
    if (P.empty() || P.starts_with("torch"))
      for (llvm::StringRef W : Spellings)
        if (startsWithWord(R, W))
          Best = std::max(Best, P.size() + W.size());
  }
  return Best;
}

/// Messages shorter than this with their dtypes marked are matched only as
/// they were printed (a mark and a word or two say too little to tell one
/// error from another).
constexpr size_t MinMarkedMessage = 16;

} // namespace

std::string OpContracts::withoutDTypes(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (size_t I = 0; I < Text.size();) {
    size_t N = (I == 0 || !isWordChar(Text[I - 1]))
                   ? dtypeSpellingAt(Text.drop_front(I))
                   : 0;
    if (N) {
      Out += '\x01';
      I += N;
    } else {
      Out += Text[I++];
    }
  }
  return Out;
}

std::optional<unsigned> OpContracts::findMessage(llvm::StringRef Text) const {
  Text = Text.trim();
  // The longest message Text holds as printed, or with other dtypes named
  // than the measured runs printed (every combination of the table's eight
  // dtypes ran, not every dtype); as printed wins a tie.
  if (MarkedMessages.empty())
    for (const MessageRow &R : Messages)
      MarkedMessages.push_back(withoutDTypes(llvm::StringRef(R.Text).trim()));
  std::string Marked = withoutDTypes(Text);
  std::optional<unsigned> Best;
  size_t BestSize = 0;
  for (unsigned I = 0; I < std::size(Messages); ++I) {
    llvm::StringRef M = llvm::StringRef(Messages[I].Text).trim();
    if (M.empty() || M.size() <= BestSize)
      continue;
    if (Text.contains(M)) {
      Best = I;
      BestSize = M.size();
      continue;
    }
    const std::string &MM = MarkedMessages[I];
    if (MM != M && MM.size() >= MinMarkedMessage && MM.size() > BestSize &&
        llvm::StringRef(Marked).contains(MM)) {
      Best = I;
      BestSize = MM.size();
    }
  }
  return Best;
}

llvm::SmallVector<unsigned, 4> OpContracts::raisers(unsigned Msg,
                                                    unsigned Max) const {
  llvm::SmallVector<unsigned, 4> Out;
  for (unsigned I = 0; I < std::size(Overloads) && Out.size() < Max; ++I) {
    const ContractOverload &O = Overloads[I];
    // The base runs' codes, then each variant's (after its pattern).
    size_t K = O.Scalars.size(), L = O.Outcomes.size();
    bool Found = holdsCode(O.Outcomes, Msg + 16);
    for (llvm::StringRef V = O.Variants; !Found && K && V.size() >= K + L;
         V = V.drop_front(K + L))
      Found = holdsCode(V.substr(K, L), Msg + 16);
    if (Found)
      Out.push_back(I);
  }
  return Out;
}

bool OpContracts::isDTypeMessage(llvm::StringRef M, llvm::StringRef Class) {
  // Index errors name indices out of range (the measured values decide),
  // except the one about the indices' dtype.
  if (Class == "IndexError")
    return M.contains("tensors used as indices must be");
  // What the measurement's small inputs chose ({2, 2} tensors, indices
  // [[0, 1], [1, 0]], a mask of 2s and 1s), not the dtypes.
  static constexpr llvm::StringLiteral ValueWords[] = {
      "shape",
      "size",
      "out of range",
      "out of bounds",
      "values only",
      "dimension",
      "non-negative",
      "must be positive",
      "dims",
      "contiguous",
      "empty",
      "number of",
      "broadcast",
      "singular",
      "rank",
      "stride",
      "Expected all tensors to be on the same device"};
  for (llvm::StringRef W : ValueWords)
    if (M.contains_insensitive(W))
      return false;
  if (M.contains("INTERNAL ASSERT"))
    return M.contains("needs_dynamic_casting");
  static constexpr llvm::StringLiteral TypeWords[] = {
      "Float",       "Double",      "Half",
      "BFloat16",    "Long",        "Int",
      "Bool",        "Byte",        "dtype",
      "scalar type", "scalar_type", "ScalarType",
      "type",        "floating",    "integral",
      "Integral",    "int64",       "int32",
      "bool",        "long",        "not implemented for",
      "cast"};
  for (llvm::StringRef W : TypeWords)
    if (M.contains(W))
      return true;
  return false;
}

bool OpContracts::isLowPrecisionKernelMessage(llvm::StringRef M) {
  return M.contains("not implemented for 'Half'") ||
         M.contains("not implemented for 'BFloat16'") ||
         M.contains("Low precision dtypes not supported");
}

std::optional<llvm::StringRef>
OpContracts::lowPrecisionKernelMissing(llvm::StringRef Op, DType DT) const {
  llvm::StringRef Named = DT == DType::Half       ? "'Half'"
                          : DT == DType::BFloat16 ? "'BFloat16'"
                                                  : "";
  if (Named.empty())
    return std::nullopt;
  std::optional<llvm::StringRef> Message;
  for (unsigned I : overloads(Op)) {
    const ContractOverload &O = overload(I);
    if (O.numSlots() == 0 || (O.Flags & ContractOverload::Unstable))
      continue;
    // Sizes, dims and flags may pick another kernel than the measured one
    // (adaptive_avg_pool2d to a 1x1 output runs in Half through mean): only
    // an op of tensors and numbers is judged this way.
    if (!O.tensorsAndNumbersOnly())
      return std::nullopt;
    llvm::SmallVector<DType, 4> All(O.numSlots(), DT);
    ContractOutcome R = outcome(I, All);
    if (R.K == ContractOutcome::Runs)
      return std::nullopt;
    if (R.K != ContractOutcome::Throws)
      continue;
    if (!isLowPrecisionKernelMessage(R.Message) || !R.Message.contains(Named))
      return std::nullopt; // it fails another way first
    Message = R.Message;
  }
  return Message;
}

} // namespace torchdtype
