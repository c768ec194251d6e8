//===- Options.cpp - TensorOptions, their builders and caffe2::TypeMeta ---===//
//
// What an options value holds: TensorOptions' dtype(...)/device(...)
// setters and readers, the free builders (torch::dtype(...),
// torch::device(...)) and caffe2::TypeMeta::Make<T>() (families
// OptionsMethod, OptionsBuilder and TypeMetaMake).
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ApiModel.h"
#include "analysis/ExprUtil.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace torchdtype {

/// An options value with only the dtype (or device) named by a dtype(...)
/// or device(...) call set, on top of Base.
static AbsValue setOption(AbsValue Base, bool IsDType, const AbsValue &A) {
  if (IsDType) {
    Base.DTypeSet = true;
    Base.DT = A.K == AbsValue::Kind::DType ? A.DT : DTypeFact::unknown();
  } else {
    Base.DeviceSet = true;
    Base.DV = A.K == AbsValue::Kind::Device ? A.DV : DeviceFact::unknown();
  }
  return Base;
}

AbsValue models::optionsMethod(TransferState &St, const CallSite &S) {
  QualType ClassT =
      St.astContext().getRecordType(cast<CXXMethodDecl>(S.Callee)->getParent());
  AbsValue O = St.eval(S.Obj);
  if (O.K != AbsValue::Kind::Options)
    O = St.unknownOf(ClassT);
  bool IsDType = St.api().isDTypeAccessor(S.Name);
  if ((IsDType || St.api().isDeviceAccessor(S.Name)) && !S.Args.empty())
    return setOption(O, IsDType, St.eval(S.Args[0]));
  if (S.Result == TypeKind::Options)
    return O; // requires_grad(), layout(), pinned_memory() ...
  if (IsDType && O.DTypeSet) {
    AbsValue D;
    D.K = AbsValue::Kind::DType;
    D.DT = O.DT;
    return D;
  }
  return St.unknownOf(S.E->getType());
}

AbsValue models::optionsBuilder(TransferState &St, const CallSite &S) {
  // dtype(...), device(...) and the other builders (requires_grad, layout,
  // memory_format, pinned_memory): what they do not name stays unset.
  AbsValue O = St.unknownOf(S.E->getType());
  O.DTypeSet = O.DeviceSet = false;
  O.DT = DTypeFact();
  O.DV = DeviceFact();
  bool IsDType = St.api().isDTypeAccessor(S.Name);
  if ((IsDType || St.api().isDeviceAccessor(S.Name)) && S.Args.size() == 1)
    return setOption(O, IsDType, St.eval(S.Args[0]));
  return O;
}

AbsValue models::typeMetaMake(TransferState &St, const CallSite &S) {
  QualType T = S.Callee->getTemplateSpecializationArgs()->get(0).getAsType();
  AbsValue D;
  D.K = AbsValue::Kind::DType;
  if (std::optional<DType> DT = dtypeOfCxxType(T, St.astContext()))
    D.DT = DTypeFact::of(*DT, S.E->getExprLoc());
  return D;
}

} // namespace torchdtype
