//===- GuardClasses.cpp - classes that save and restore global state ------===//

#include "GuardClasses.h"
#include "ExprUtil.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>

using namespace clang;

namespace torchdtype {
namespace {

/// The device a DeviceType argument names (`at::kCPU`,
/// `c10::DeviceType::CUDA`), as autocast counts devices.
std::optional<AutocastDevice> deviceArgument(const Expr *E) {
  for (int Depth = 0; Depth < 4; ++Depth) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    if (!DRE)
      return std::nullopt;
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
      std::optional<Device> D = deviceFromEnumerator(EC->getName());
      return D ? autocastDeviceOf(*D) : std::nullopt;
    }
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->getType().isConstQualified() || !VD->getInit())
      return std::nullopt;
    E = VD->getInit(); // constexpr DeviceType kCPU = DeviceType::CPU
  }
  return std::nullopt;
}

/// Calls under S (not into lambdas or other functions).
template <typename Fn> void forEachCall(const Stmt *S, Fn F) {
  if (!S)
    return;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    F(CE);
  if (isa<LambdaExpr>(S))
    return;
  for (const Stmt *Child : S->children())
    forEachCall(Child, F);
}

/// The pieces the calls under S read.
uint32_t piecesRead(const ApiModel &Api, const Stmt *S) {
  uint32_t Mask = 0;
  forEachCall(S, [&](const CallExpr *CE) {
    Mask |= statePieceOf(Api, CE, /*Query=*/true);
  });
  return Mask;
}

/// The member of the class E reads, when it reads exactly one through
/// `this` (`saved_`, `c10::typeMetaToScalarType(saved_)`).
const FieldDecl *memberRead(const Expr *E) {
  const FieldDecl *Found = nullptr;
  bool Many = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *ME = dyn_cast<MemberExpr>(S))
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
          Many |= Found && Found != F;
          Found = F;
        }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(E);
  return Many ? nullptr : Found;
}

/// The one user constructor of RD (not copy or move) defined here that a
/// call with N arguments runs.
const CXXConstructorDecl *constructorFor(const CXXRecordDecl *RD, unsigned N) {
  if (!RD || !RD->hasDefinition())
    return nullptr;
  const CXXConstructorDecl *Found = nullptr;
  for (const CXXConstructorDecl *C : RD->ctors()) {
    if (C->isCopyOrMoveConstructor() || !C->hasBody() ||
        N < C->getMinRequiredArguments() || N > C->getNumParams())
      continue;
    if (Found)
      return nullptr; // overloads: not chosen here
    Found = C;
  }
  return Found;
}

} // namespace

const CXXRecordDecl *firstTypeArgument(const TemplateArgumentList *TA) {
  if (!TA || TA->size() == 0 || TA->get(0).getKind() != TemplateArgument::Type)
    return nullptr;
  return TA->get(0).getAsType()->getAsCXXRecordDecl();
}

const CXXConstructorDecl *ownerConstructor(const ApiModel &Api,
                                           const CallExpr *CE) {
  const FunctionDecl *F = CE->getDirectCallee();
  if (!F || !F->getIdentifier())
    return nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    if (!Api.isOwnerEmplacer(F->getName()))
      return nullptr;
    const auto *TS = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        MC->getObjectType()->getAsCXXRecordDecl());
    return TS ? constructorFor(firstTypeArgument(&TS->getTemplateArgs()),
                               CE->getNumArgs())
              : nullptr;
  }
  if (!Api.isOwnerMaker(F->getName()) || !F->isInStdNamespace())
    return nullptr;
  return constructorFor(firstTypeArgument(F->getTemplateSpecializationArgs()),
                        CE->getNumArgs());
}

uint32_t statePieceOf(const ApiModel &Api, const CallExpr *CE, bool Query) {
  const FunctionDecl *F = CE->getDirectCallee();
  if (!F || !F->getIdentifier() || !Api.isLibTorchDecl(F))
    return 0;
  llvm::StringRef N = F->getName();
  if (Query ? Api.isDefaultDTypeQuery(N) : Api.isDefaultDTypeSetter(N))
    return statePieceBit(StatePiece::DefaultDType);
  if (!Api.isAutocastNamespace(Api.namespaceOf(F)))
    return 0;
  std::optional<AutocastSetter> A =
      Query ? Api.autocastQuery(N) : Api.autocastSetter(N);
  if (!A)
    return 0;
  std::optional<AutocastDevice> Dev = A->Device;
  if (!Dev && CE->getNumArgs() >= 1)
    Dev = deviceArgument(CE->getArg(0));
  if (!Dev)
    return 0;
  return statePieceBit(A->What == AutocastSetter::Sets::Enabled
                           ? StatePiece::Enabled
                           : StatePiece::DType,
                       unsigned(*Dev));
}

GuardClass classifyGuard(const ApiModel &Api, const CXXConstructorDecl *Ctor) {
  GuardClass G;
  const CXXRecordDecl *RD = Ctor ? Ctor->getParent() : nullptr;
  if (!RD || Api.isLibTorchDecl(RD) || !Ctor->hasBody())
    return G;
  const CXXDestructorDecl *Dtor = RD->getDestructor();
  if (!Dtor || !Dtor->hasBody())
    return G;
  // The destructor: each piece a setter is given a member for.
  llvm::SmallDenseMap<const FieldDecl *, uint32_t, 4> GivenBack;
  forEachCall(Dtor->getBody(), [&](const CallExpr *CE) {
    uint32_t Piece = statePieceOf(Api, CE, /*Query=*/false);
    if (!Piece || CE->getNumArgs() == 0)
      return;
    if (const FieldDecl *F = memberRead(CE->getArg(CE->getNumArgs() - 1)))
      GivenBack[F] |= Piece;
  });
  if (GivenBack.empty())
    return G;
  auto Setters = [&](const CallExpr *CE) {
    G.Sets |= statePieceOf(Api, CE, /*Query=*/false);
    const FunctionDecl *F = CE->getDirectCallee();
    G.CallsUserCode |= F && F->hasBody() && !Api.isLibTorchDecl(F) &&
                       !F->isInStdNamespace();
  };
  forEachCall(Ctor->getBody(), Setters);
  forEachCall(Dtor->getBody(), Setters);
  for (const CXXCtorInitializer *Init : Ctor->inits())
    if (Init->isWritten())
      forEachCall(Init->getInit(), Setters);
  // The constructor: where each of those members is saved, and whether the
  // body set the piece before (initializers run before the body).
  const auto *Body = dyn_cast<CompoundStmt>(Ctor->getBody());
  for (const auto &[F, Pieces] : GivenBack) {
    uint32_t Saved = 0, After = 0;
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten() && Init->getMember() == F)
        Saved |= piecesRead(Api, Init->getInit()) & Pieces;
    uint32_t SetSoFar = 0;
    if (Body)
      for (const Stmt *S : Body->body()) {
        if (const auto *E = dyn_cast<Expr>(S))
          S = E->IgnoreImplicit(); // ExprWithCleanups
        const Expr *RHS = nullptr;
        if (const auto *BO = dyn_cast<BinaryOperator>(S);
            BO && BO->isAssignmentOp() && memberRead(BO->getLHS()) == F)
          RHS = BO->getRHS();
        else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
                 OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
                 memberRead(OC->getArg(0)) == F)
          RHS = OC->getArg(1);
        if (RHS) {
          uint32_t Read = piecesRead(Api, RHS) & Pieces;
          Saved |= Read;
          After |= Read & SetSoFar;
        }
        forEachCall(S, [&](const CallExpr *CE) {
          SetSoFar |= statePieceOf(Api, CE, /*Query=*/false);
        });
      }
    G.Restores |= Saved;
    G.SavedAfterSet |= After;
  }
  return G;
}

const ParmVarDecl *boundParam(const CXXConstructorDecl *C, const FieldDecl *F) {
  QualType T = F->getType();
  if (!C || !T->isReferenceType() || T.getNonReferenceType().isConstQualified())
    return nullptr;
  for (const CXXCtorInitializer *Init : C->inits())
    if (Init->getMember() == F && Init->getInit())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(Init->getInit()->IgnoreParenImpCasts()))
        if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
            P && P->getDeclContext() == C)
          return P;
  return nullptr;
}

} // namespace torchdtype
