//===- TorchDtypeModule.cpp - registers the torchdtype checks -------------===//

#include "AutocastUnsafeOpCheck.h"
#include "DataPtrDtypeCheck.h"
#include "DispatchMissingDtypeCheck.h"
#include "DispatchOperandDtypeCheck.h"
#include "DeviceMismatchCheck.h"
#include "DiscardedConversionCheck.h"
#include "FromBlobDeviceCheck.h"
#include "FromBlobDtypeCheck.h"
#include "HalfOnCpuCheck.h"
#include "HalfOverflowCheck.h"
#include "HostTensorInKernelCheck.h"
#include "InplaceDtypeCheck.h"
#include "LossTargetDtypeCheck.h"
#include "MissingDeviceGuardCheck.h"
#include "MixedPrecisionCheck.h"
#include "ModuleInputDtypeCheck.h"
#include "MpsFloat64Check.h"
#include "NonPortableElementTypeCheck.h"
#include "OutDtypeCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace clang::tidy::torchdtype {

class TorchDtypeModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<AutocastUnsafeOpCheck>(
        "torchdtype-autocast-unsafe-op");
    Factories.registerCheck<DataPtrDtypeCheck>("torchdtype-data-ptr-dtype");
    Factories.registerCheck<DispatchMissingDtypeCheck>(
        "torchdtype-dispatch-missing-dtype");
    Factories.registerCheck<DispatchOperandDtypeCheck>(
        "torchdtype-dispatch-operand-dtype");
    Factories.registerCheck<DeviceMismatchCheck>("torchdtype-device-mismatch");
    Factories.registerCheck<DiscardedConversionCheck>(
        "torchdtype-discarded-conversion");
    Factories.registerCheck<FromBlobDeviceCheck>("torchdtype-from-blob-device");
    Factories.registerCheck<FromBlobDtypeCheck>("torchdtype-from-blob-dtype");
    Factories.registerCheck<HalfOnCpuCheck>("torchdtype-half-on-cpu");
    Factories.registerCheck<HalfOverflowCheck>("torchdtype-half-overflow");
    Factories.registerCheck<HostTensorInKernelCheck>(
        "torchdtype-host-tensor-in-kernel");
    Factories.registerCheck<InplaceDtypeCheck>("torchdtype-inplace-dtype");
    Factories.registerCheck<LossTargetDtypeCheck>(
        "torchdtype-loss-target-dtype");
    Factories.registerCheck<MissingDeviceGuardCheck>(
        "torchdtype-missing-device-guard");
    Factories.registerCheck<MixedPrecisionCheck>("torchdtype-mixed-precision");
    Factories.registerCheck<ModuleInputDtypeCheck>(
        "torchdtype-module-input-dtype");
    Factories.registerCheck<MpsFloat64Check>("torchdtype-mps-float64");
    Factories.registerCheck<NonPortableElementTypeCheck>(
        "torchdtype-non-portable-element-type");
    Factories.registerCheck<OutDtypeCheck>("torchdtype-out-dtype");
  }
};

static ClangTidyModuleRegistry::Add<TorchDtypeModule>
    X("torchdtype-module", "Finds dtype and device mistakes in LibTorch code.");

} // namespace clang::tidy::torchdtype

// Referenced by torchdtype-tidy so the linker keeps this module.
volatile int TorchDtypeModuleAnchorSource = 0;
