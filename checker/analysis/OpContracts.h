//===- OpContracts.h - measured dtype contracts of aten ops -----*- C++ -*-===//
//
// What LibTorch 1.13.1's operators do with each combination of their tensor
// arguments' dtypes, as tools/op-contracts measured it on the CPU
// (checker/data/op_contracts.json, turned into OpContractTables.inc at build
// time): the result dtype, or the message the call raises. The table is
// constant data; an OpContracts object only indexes it, one per ApiModel.
// No clang includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_OPCONTRACTS_H
#define TORCHDTYPE_ANALYSIS_OPCONTRACTS_H

#include "TensorValue.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace torchdtype {

/// One aten operator overload of the table.
struct ContractOverload {
  llvm::StringRef Name;     ///< "gather", "add_" (no "aten::")
  llvm::StringRef Overload; ///< "src", "Tensor", "" ...
  /// Per tensor argument the combinations vary: 'A' + its position among
  /// the schema's arguments, then T (Tensor), L (Tensor[]) or O (Tensor?[]).
  llvm::StringRef Slots;
  /// One character per schema argument: T Tensor, O Tensor?, L a list of
  /// tensors, S Scalar(?), Y ScalarType, y ScalarType?, i int(?), I int[],
  /// f float(?),
  /// F float[], b bool(?) (measured false), c bool(?) (measured true: its
  /// default), B bool[], s str, z str? (measured None), n
  /// Dimname, ? anything else.
  llvm::StringRef Signature;
  unsigned Flags;
  llvm::StringRef Outcomes; ///< two code characters per combination
  /// One letter per Scalar (or Scalar?) argument of the runs Outcomes holds:
  /// d the schema's default (None for Scalar?), i the int 1.
  llvm::StringRef Scalars;
  /// The runs with other Scalars: per pattern (as Scalars; f the float
  /// 1.5), the pattern then its outcomes.
  llvm::StringRef Variants;

  enum : unsigned {
    Unstable = 1,
    OutVariant = 2,
    NeverRan = 4,
    OtherShapes = 8 ///< measured on tensors of other shapes than {2,2}
  };
  unsigned numSlots() const { return Slots.size() / 2; }
  /// Takes tensors and numbers only: no sizes, dims or flags, which may
  /// pick another kernel than the measured one.
  bool tensorsAndNumbersOnly() const {
    return Signature.find_first_not_of("TSf") == llvm::StringRef::npos;
  }
  unsigned slotPosition(unsigned I) const { return Slots[2 * I] - 'A'; }
  char slotKind(unsigned I) const { return Slots[2 * I + 1]; }
  char argument(unsigned Pos) const {
    return Pos < Signature.size() ? Signature[Pos] : 0;
  }
};

struct ContractOutcome {
  enum Kind { Unmeasured, Runs, Crashes, Throws } K = Unmeasured;
  std::optional<DType> Result; ///< Runs: the tensor result's dtype, if one
  llvm::StringRef Message;     ///< Throws: the first line it printed
  llvm::StringRef Class;       ///< Throws: "Error", "NotImplementedError" ...
  unsigned MessageIndex = 0;
};

class OpContracts {
public:
  OpContracts();

  /// The version of LibTorch the table was measured on.
  static llvm::StringRef measuredVersion() { return "1.13.1"; }
  /// The dtypes the combinations were measured with.
  static llvm::ArrayRef<DType> dtypes();
  /// The overloads of an operator ("gather", "add_"), in table order.
  llvm::ArrayRef<unsigned> overloads(llvm::StringRef Name) const;
  /// How many overloads the table holds (overload(I) for I below it).
  static unsigned numOverloads();
  const ContractOverload &overload(unsigned I) const;
  /// What the overload did with these dtypes of its Slots, in order, and
  /// its Scalar arguments given as Scalars says (one letter each, as
  /// ContractOverload::Scalars; std::nullopt: the base runs' pattern).
  /// Measured are: every slot of one dtype, with two or more slots every
  /// pair for the first two with the rest Float, and with three or more the
  /// first of any dtype with every other of any one dtype, for the base
  /// pattern and those of Variants.
  ContractOutcome
  outcome(unsigned Overload, llvm::ArrayRef<DType> SlotDTypes,
          std::optional<llvm::StringRef> Scalars = std::nullopt) const;

  unsigned numMessages() const;
  llvm::StringRef message(unsigned I) const;
  /// The index of the message Text is or starts with (a log's line may
  /// carry more after the first line the table holds); else of the message
  /// it holds with other dtypes named than the measured runs printed
  /// (withoutDTypes), the longest.
  std::optional<unsigned> findMessage(llvm::StringRef Text) const;
  /// Text with every spelling of a dtype LibTorch prints as one mark:
  /// ScalarType names ("Float", "BFloat16"), C++ element types ("float",
  /// "long int", "c10::Half", "unsigned char"), legacy tensor types
  /// ("CPUHalfType", "torch.cuda.FloatTensor") and Python's dtypes
  /// ("torch.float32"), each a whole word.
  static std::string withoutDTypes(llvm::StringRef Text);
  /// The overloads that raised message I, at most Max.
  llvm::SmallVector<unsigned, 4> raisers(unsigned I, unsigned Max = 4) const;

  /// Is the message about the tensors' dtypes, not about their values,
  /// shapes or sizes (which the measurement's small inputs chose)?
  static bool isDTypeMessage(llvm::StringRef Message, llvm::StringRef Class);
  /// Does the message say a kernel lacks float16 or bfloat16 (the
  /// half-on-cpu check's matter, per targeted version)?
  static bool isLowPrecisionKernelMessage(llvm::StringRef Message);
  /// What the operator raises with every tensor argument of DT (Half or
  /// BFloat16) when each of its measured overloads raises that its kernel
  /// lacks DT (`"softplus_cpu" not implemented for 'Half'`); none when any
  /// runs or none was measured, and for any overload taking other
  /// arguments than tensors and numbers (sizes, dims and flags may pick
  /// another kernel).
  std::optional<llvm::StringRef> lowPrecisionKernelMissing(llvm::StringRef Op,
                                                           DType DT) const;

private:
  llvm::StringMap<llvm::SmallVector<unsigned, 2>> ByName;
  /// Each message withoutDTypes, made by the first findMessage (explain's
  /// only: the analysis never reads them).
  mutable std::vector<std::string> MarkedMessages;
};

} // namespace torchdtype

#endif
