//===- PrefixMacros.cpp - the macros a file starts with -------------------===//

#include "PrefixMacros.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include <set>

namespace torchdtype {

namespace {

bool isIdentStart(char C) { return llvm::isAlpha(C) || C == '_'; }
bool isIdentChar(char C) { return llvm::isAlnum(C) || C == '_'; }

struct Token {
  enum Kind { Ident, Number, Punct } K;
  std::string Text;
};

/// The tokens of a directive's expression; false on one the evaluator does
/// not know (a string or character literal, a stray character).
bool tokenize(llvm::StringRef S, std::vector<Token> &Out, std::string &Why) {
  static const char *const Puncts[] = {
      "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "(", ")", "!", "~", "<",
      ">",  "+",  "-",  "*",  "/",  "%",  "&",  "|",  "^", "?", ":", ","};
  while (true) {
    S = S.ltrim();
    if (S.empty())
      return true;
    if (S.starts_with("//"))
      return true;
    if (S.starts_with("/*")) {
      size_t End = S.find("*/", 2);
      if (End == llvm::StringRef::npos) {
        Why = "a comment that goes on past the line";
        return false;
      }
      S = S.substr(End + 2);
      continue;
    }
    char C = S.front();
    if (isIdentStart(C)) {
      size_t N = 1;
      while (N < S.size() && isIdentChar(S[N]))
        ++N;
      // Its operand may be anything (`<torch/torch.h>`): said as it is.
      bool AfterDefined = (!Out.empty() && Out.back().Text == "defined") ||
                          (Out.size() > 1 && Out.back().Text == "(" &&
                           Out[Out.size() - 2].Text == "defined");
      if (!AfterDefined && isBuiltinMacro(S.take_front(N))) {
        Why = "'" + S.take_front(N).str() +
              "', which only the compiler can "
              "answer";
        return false;
      }
      Out.push_back({Token::Ident, S.take_front(N).str()});
      S = S.drop_front(N);
      continue;
    }
    if (llvm::isDigit(C)) {
      size_t N = 1;
      while (N < S.size() && (isIdentChar(S[N]) || S[N] == '.' || S[N] == '\''))
        ++N;
      Out.push_back({Token::Number, S.take_front(N).str()});
      S = S.drop_front(N);
      continue;
    }
    bool Found = false;
    for (const char *P : Puncts)
      if (S.starts_with(P)) {
        Out.push_back({Token::Punct, P});
        S = S.drop_front(llvm::StringRef(P).size());
        Found = true;
        break;
      }
    if (!Found) {
      Why = std::string("'") + C + "' in the expression";
      return false;
    }
  }
}

/// A signed integer literal's value: decimal, octal, hex or binary, with
/// l/ll suffixes; nothing for an unsigned or floating one (the evaluator
/// does not do unsigned arithmetic).
std::optional<int64_t> parseNumber(llvm::StringRef S) {
  llvm::StringRef Digits = S.rtrim("lL");
  if (Digits.empty() || Digits.find_first_of("uU.'") != llvm::StringRef::npos)
    return std::nullopt;
  unsigned Radix = 10;
  if (Digits.starts_with_insensitive("0x")) {
    Radix = 16;
    Digits = Digits.drop_front(2);
  } else if (Digits.starts_with_insensitive("0b")) {
    Radix = 2;
    Digits = Digits.drop_front(2);
  } else if (Digits.size() > 1 && Digits.front() == '0') {
    Radix = 8;
  }
  uint64_t V;
  if (Digits.getAsInteger(Radix, V) || V > uint64_t(INT64_MAX))
    return std::nullopt;
  return int64_t(V);
}

class Evaluator {
public:
  Evaluator(const MacroTable &M, std::string &Why) : M(M), Why(Why) {}

  /// Expands the macros of Toks (not `defined`'s operands) into Out.
  bool expand(const std::vector<Token> &Toks, std::vector<Token> &Out,
              std::set<std::string> &Active, unsigned Depth) {
    if (Depth > 32)
      return fail("macros nested too deep");
    for (size_t I = 0; I < Toks.size(); ++I) {
      const Token &T = Toks[I];
      if (T.K != Token::Ident) {
        Out.push_back(T);
        continue;
      }
      if (T.Text == "defined") {
        if (Depth > 0) // undefined behaviour when a macro makes it
          return fail("'defined' made by a macro");
        // defined X, defined ( X ): the operand stays as written.
        Out.push_back(T);
        size_t J = I + 1;
        if (J < Toks.size() && Toks[J].Text == "(") {
          if (J + 2 >= Toks.size() || Toks[J + 1].K != Token::Ident ||
              Toks[J + 2].Text != ")")
            return fail("a malformed 'defined'");
          Out.insert(Out.end(), Toks.begin() + J, Toks.begin() + J + 3);
          I = J + 2;
        } else {
          if (J >= Toks.size() || Toks[J].K != Token::Ident)
            return fail("a malformed 'defined'");
          Out.push_back(Toks[J]);
          I = J;
        }
        continue;
      }
      if (isBuiltinMacro(T.Text))
        return fail("'" + T.Text + "', which only the compiler can answer");
      const MacroTable::Macro *Def = M.find(T.Text);
      if (!Def || Active.count(T.Text)) {
        Out.push_back(T); // 0, or true/false
        continue;
      }
      if (Def->FunctionLike)
        return fail("the function-like macro '" + T.Text + "'");
      std::vector<Token> Body;
      if (!tokenize(Def->Body, Body, Why))
        return fail("the macro '" + T.Text + "': " + Why);
      Active.insert(T.Text);
      bool Ok = expand(Body, Out, Active, Depth + 1);
      Active.erase(T.Text);
      if (!Ok)
        return false;
    }
    return true;
  }

  std::optional<int64_t> run(const std::vector<Token> &Toks) {
    this->Toks = &Toks;
    Pos = 0;
    std::optional<int64_t> V = conditional();
    if (V && Pos != Toks.size()) {
      fail("'" + Toks[Pos].Text + "' where the expression should end");
      return std::nullopt;
    }
    return V;
  }

private:
  bool fail(const std::string &W) {
    if (Why.empty())
      Why = W;
    return false;
  }
  bool at(llvm::StringRef P) const {
    return Pos < Toks->size() && (*Toks)[Pos].K == Token::Punct &&
           (*Toks)[Pos].Text == P;
  }

  std::optional<int64_t> conditional() {
    std::optional<int64_t> C = binary(0);
    if (!C || !at("?"))
      return C;
    ++Pos;
    std::optional<int64_t> A = conditional();
    if (!A || !at(":")) {
      fail("a malformed '?:'");
      return std::nullopt;
    }
    ++Pos;
    std::optional<int64_t> B = conditional();
    if (!B)
      return std::nullopt;
    return *C ? *A : *B;
  }

  static int precedence(llvm::StringRef Op) {
    static const std::map<std::string, int> P = {
        {"||", 1}, {"&&", 2}, {"|", 3}, {"^", 4},  {"&", 5},  {"==", 6},
        {"!=", 6}, {"<", 7},  {">", 7}, {"<=", 7}, {">=", 7}, {"<<", 8},
        {">>", 8}, {"+", 9},  {"-", 9}, {"*", 10}, {"/", 10}, {"%", 10}};
    auto It = P.find(Op.str());
    return It == P.end() ? -1 : It->second;
  }

  std::optional<int64_t> binary(int MinPrec) {
    std::optional<int64_t> L = unary();
    while (L && Pos < Toks->size() && (*Toks)[Pos].K == Token::Punct) {
      std::string Op = (*Toks)[Pos].Text;
      int P = precedence(Op);
      if (P < 0 || P < MinPrec)
        break;
      ++Pos;
      std::optional<int64_t> R = binary(P + 1);
      if (!R)
        return std::nullopt;
      int64_t A = *L, B = *R;
      if ((Op == "/" || Op == "%") && B == 0) {
        fail("a division by zero");
        return std::nullopt;
      }
      if ((Op == "<<" || Op == ">>") && (B < 0 || B > 62)) {
        fail("a shift out of range");
        return std::nullopt;
      }
      L = Op == "||"   ? int64_t(A || B)
          : Op == "&&" ? int64_t(A && B)
          : Op == "|"  ? A | B
          : Op == "^"  ? A ^ B
          : Op == "&"  ? A & B
          : Op == "==" ? int64_t(A == B)
          : Op == "!=" ? int64_t(A != B)
          : Op == "<"  ? int64_t(A < B)
          : Op == ">"  ? int64_t(A > B)
          : Op == "<=" ? int64_t(A <= B)
          : Op == ">=" ? int64_t(A >= B)
          : Op == "<<" ? int64_t(uint64_t(A) << B)
          : Op == ">>" ? A >> B
          : Op == "+"  ? int64_t(uint64_t(A) + uint64_t(B))
          : Op == "-"  ? int64_t(uint64_t(A) - uint64_t(B))
          : Op == "*"  ? int64_t(uint64_t(A) * uint64_t(B))
          : Op == "/"  ? A / B
                       : A % B;
    }
    return L;
  }

  std::optional<int64_t> unary() {
    if (Pos >= Toks->size()) {
      fail("an expression that ends too soon");
      return std::nullopt;
    }
    const Token &T = (*Toks)[Pos];
    if (T.K == Token::Punct) {
      ++Pos;
      if (T.Text == "(") {
        std::optional<int64_t> V = conditional();
        if (!V || !at(")")) {
          fail("an unbalanced '('");
          return std::nullopt;
        }
        ++Pos;
        return V;
      }
      std::optional<int64_t> V = unary();
      if (!V)
        return std::nullopt;
      if (T.Text == "!")
        return int64_t(!*V);
      if (T.Text == "~")
        return ~*V;
      if (T.Text == "-")
        return int64_t(0 - uint64_t(*V));
      if (T.Text == "+")
        return *V;
      fail("'" + T.Text + "' where an operand should be");
      return std::nullopt;
    }
    ++Pos;
    if (T.K == Token::Number) {
      std::optional<int64_t> V = parseNumber(T.Text);
      if (!V)
        fail("the number '" + T.Text + "'");
      return V;
    }
    if (T.Text == "defined") {
      bool Paren = at("(");
      if (Paren)
        ++Pos;
      const Token &Name = (*Toks)[Pos++];
      if (Paren)
        ++Pos;
      if (isBuiltinMacro(Name.Text))
        return 1;
      return int64_t(M.find(Name.Text) != nullptr);
    }
    // An identifier left after expansion: not a macro (0), or C++'s
    // true and false.
    return int64_t(T.Text == "true");
  }

  const MacroTable &M;
  std::string &Why;
  const std::vector<Token> *Toks = nullptr;
  size_t Pos = 0;
};

} // namespace

llvm::StringRef macroName(llvm::StringRef Rest) {
  Rest = Rest.ltrim();
  size_t N = 0;
  while (N < Rest.size() && isIdentChar(Rest[N]))
    ++N;
  if (N == 0 || !isIdentStart(Rest[0]))
    return "";
  return Rest.take_front(N);
}

bool MacroTable::define(llvm::StringRef Rest) {
  Rest = Rest.ltrim();
  llvm::StringRef Name = macroName(Rest);
  if (Name.empty())
    return false;
  llvm::StringRef After = Rest.drop_front(Name.size());
  Macro Def;
  Def.FunctionLike = After.starts_with("(");
  Def.Body = After.trim().str();
  Macros[Name.str()] = std::move(Def);
  return true;
}

const MacroTable::Macro *MacroTable::find(llvm::StringRef Name) const {
  auto It = Macros.find(Name.str());
  return It == Macros.end() ? nullptr : &It->second;
}

MacroTable MacroTable::fromDirectives(llvm::StringRef Text) {
  MacroTable T;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    llvm::StringRef L = Line.trim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (L.consume_front("define "))
      T.define(L);
    else if (L.consume_front("undef "))
      T.undefine(macroName(L));
  }
  return T;
}

bool isBuiltinMacro(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "__LINE__",      "__FILE__",      "__DATE__",      "__TIME__",
      "__COUNTER__",   "_Pragma",       "__FILE_NAME__", "__INCLUDE_LEVEL__",
      "__BASE_FILE__", "__TIMESTAMP__", "__MODULE__",    "__building_module",
      "__identifier",  "__pragma",      "__VA_ARGS__",   "__VA_OPT__"};
  return Names.contains(Name) || Name.starts_with("__has_") ||
         Name.starts_with("__is_");
}

std::optional<bool> evaluateCondition(llvm::StringRef Expr, const MacroTable &M,
                                      std::string &Why) {
  Why.clear();
  std::vector<Token> Toks, Expanded;
  if (!tokenize(Expr, Toks, Why))
    return std::nullopt;
  if (Toks.empty()) {
    Why = "an empty expression";
    return std::nullopt;
  }
  Evaluator E(M, Why);
  std::set<std::string> Active;
  if (!E.expand(Toks, Expanded, Active, 0))
    return std::nullopt;
  std::optional<int64_t> V = E.run(Expanded);
  if (!V)
    return std::nullopt;
  return *V != 0;
}

std::vector<std::string> conditionIdentifiers(llvm::StringRef Expr) {
  std::vector<Token> Toks;
  std::string Why;
  tokenize(Expr, Toks, Why);
  std::vector<std::string> Out;
  for (const Token &T : Toks)
    if (T.K == Token::Ident && T.Text != "defined")
      Out.push_back(T.Text);
  return Out;
}

std::optional<MacroTable> commandMacros(const std::vector<std::string> &Flags,
                                        const std::string &Source) {
  std::vector<const char *> Argv;
  for (const std::string &F : Flags)
    Argv.push_back(F.c_str());
  Argv.push_back("-fsyntax-only");
  Argv.push_back(Source.c_str());
  // Quiet: a command the driver dislikes gives no table, and no output.
  llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
      clang::CompilerInstance::createDiagnostics(
          new clang::DiagnosticOptions, new clang::IgnoringDiagConsumer,
          /*ShouldOwnClient=*/true);
  clang::CreateInvocationOptions Opts;
  Opts.Diags = Diags;
  Opts.ProbePrecompiled = false;
  std::shared_ptr<clang::CompilerInvocation> Inv =
      clang::createInvocation(Argv, Opts);
  if (!Inv || Diags->hasErrorOccurred())
    return std::nullopt;
  clang::CompilerInstance CI;
  CI.setInvocation(std::move(Inv));
  CI.createDiagnostics(new clang::IgnoringDiagConsumer,
                       /*ShouldOwnClient=*/true);
  CI.setTarget(clang::TargetInfo::CreateTargetInfo(
      CI.getDiagnostics(), CI.getInvocation().TargetOpts));
  if (!CI.hasTarget())
    return std::nullopt;
  CI.getTarget().adjust(CI.getDiagnostics(), CI.getLangOpts());
  CI.createFileManager();
  CI.createSourceManager(CI.getFileManager());
  CI.createPreprocessor(clang::TU_Complete);
  return MacroTable::fromDirectives(CI.getPreprocessor().getPredefines());
}

} // namespace torchdtype
