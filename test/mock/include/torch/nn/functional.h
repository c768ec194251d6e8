// Mock of torch/csrc/api/include/torch/nn/functional/*.h (subset).
#pragma once
#include <torch/nn/modules.h>
#include <variant>

namespace torch {
// torch/enum.h: the reduction tags.
namespace enumtype {
struct kNone {};
struct kMean {};
struct kSum {};
struct kNearest {};
struct kLinear {};
struct kBilinear {};
struct kBicubic {};
struct kTrilinear {};
struct kArea {};
struct kConstant {};
struct kReflect {};
struct kReplicate {};
struct kCircular {};
} // namespace enumtype
constexpr enumtype::kNone kNone{};
constexpr enumtype::kMean kMean{};
constexpr enumtype::kSum kSum{};
constexpr enumtype::kNearest kNearest{};
constexpr enumtype::kLinear kLinear{};
constexpr enumtype::kBilinear kBilinear{};
constexpr enumtype::kBicubic kBicubic{};
constexpr enumtype::kTrilinear kTrilinear{};
constexpr enumtype::kArea kArea{};
constexpr enumtype::kConstant kConstant{};
constexpr enumtype::kReflect kReflect{};
constexpr enumtype::kReplicate kReplicate{};
constexpr enumtype::kCircular kCircular{};
namespace nn {
namespace functional {
template <size_t D>
struct ConvFuncOptions {
  TORCH_ARG(torch::Tensor, bias) = Tensor();
  TORCH_ARG(ExpandingArray<D>, stride) = 1;
  TORCH_ARG(ExpandingArray<D>, padding) = 0;
  TORCH_ARG(ExpandingArray<D>, dilation) = 1;
  TORCH_ARG(int64_t, groups) = 1;
};
using Conv1dFuncOptions = ConvFuncOptions<1>;
using Conv2dFuncOptions = ConvFuncOptions<2>;
using Conv3dFuncOptions = ConvFuncOptions<3>;
struct ReLUFuncOptions {
  /* implicit */ ReLUFuncOptions(bool inplace = false);
  TORCH_ARG(bool, inplace);
};
struct SoftmaxFuncOptions {
  SoftmaxFuncOptions(int64_t dim);
  TORCH_ARG(int64_t, dim);
  TORCH_ARG(c10::optional<torch::Dtype>, dtype) = c10::nullopt;
};
using LogSoftmaxFuncOptions = SoftmaxFuncOptions;
struct NormalizeFuncOptions {
  TORCH_ARG(double, p) = 2.0;
  TORCH_ARG(int64_t, dim) = 1;
  TORCH_ARG(double, eps) = 1e-12;
  TORCH_ARG(c10::optional<Tensor>, out) = c10::nullopt;
};
struct MSELossFuncOptions {
  TORCH_ARG(int64_t, reduction) = at::Reduction::Mean;
};
struct L1LossFuncOptions {
  TORCH_ARG(int64_t, reduction) = at::Reduction::Mean;
};
struct SmoothL1LossFuncOptions {
  TORCH_ARG(int64_t, reduction) = at::Reduction::Mean;
  TORCH_ARG(double, beta) = 1.0;
};
struct HuberLossFuncOptions {
  TORCH_ARG(int64_t, reduction) = at::Reduction::Mean;
  TORCH_ARG(double, delta) = 1.0;
};
struct BinaryCrossEntropyWithLogitsFuncOptions {
  TORCH_ARG(Tensor, weight) = {};
  TORCH_ARG(Tensor, pos_weight) = {};
};
struct GELUFuncOptions {
  TORCH_ARG(std::string, approximate) = "none";
};
struct CrossEntropyFuncOptions {
  struct reduction_t {
    reduction_t() = default;
    reduction_t(enumtype::kNone) {}
    reduction_t(enumtype::kMean) {}
    reduction_t(enumtype::kSum) {}
  };
  TORCH_ARG(Tensor, weight) = {};
  TORCH_ARG(int64_t, ignore_index) = -100;
  TORCH_ARG(reduction_t, reduction) = {};
  TORCH_ARG(double, label_smoothing) = 0.0;
};
struct BinaryCrossEntropyFuncOptions {
  TORCH_ARG(Tensor, weight) = {};
};
struct NLLLossFuncOptions {
  TORCH_ARG(Tensor, weight) = {};
};
struct LayerNormFuncOptions {
  LayerNormFuncOptions(std::vector<int64_t> normalized_shape);
  TORCH_ARG(std::vector<int64_t>, normalized_shape);
  TORCH_ARG(Tensor, weight) = {};
  TORCH_ARG(Tensor, bias) = {};
};
struct DropoutFuncOptions {
  TORCH_ARG(double, p) = 0.5;
  TORCH_ARG(bool, training) = true;
};

Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias = {});
Tensor bilinear(const Tensor& input1, const Tensor& input2, const Tensor& weight, const Tensor& bias = Tensor());
Tensor conv1d(const Tensor& input, const Tensor& weight, const Conv1dFuncOptions& options = {});
Tensor conv2d(const Tensor& input, const Tensor& weight, const Conv2dFuncOptions& options = {});
Tensor conv3d(const Tensor& input, const Tensor& weight, const Conv3dFuncOptions& options = {});
Tensor normalize(const Tensor& input, NormalizeFuncOptions options = {});
// torch/nn/options/upsampling.h: the mode is a variant of the tags.
struct InterpolateFuncOptions {
  typedef std::variant<enumtype::kNearest, enumtype::kLinear,
                       enumtype::kBilinear, enumtype::kBicubic,
                       enumtype::kTrilinear, enumtype::kArea>
      mode_t;
  TORCH_ARG(c10::optional<std::vector<int64_t>>, size) = c10::nullopt;
  TORCH_ARG(c10::optional<std::vector<double>>, scale_factor) = c10::nullopt;
  TORCH_ARG(mode_t, mode) = torch::kNearest;
  TORCH_ARG(c10::optional<bool>, align_corners) = c10::nullopt;
  TORCH_ARG(bool, antialias) = false;
};
inline Tensor interpolate(const Tensor& input,
                          const InterpolateFuncOptions& options = {}) {
  return input;
}
// torch/nn/options/padding.h: made of the pad list, the mode a variant.
struct PadFuncOptions {
  typedef std::variant<enumtype::kConstant, enumtype::kReflect,
                       enumtype::kReplicate, enumtype::kCircular>
      mode_t;
  PadFuncOptions(std::vector<int64_t> pad);
  TORCH_ARG(std::vector<int64_t>, pad);
  TORCH_ARG(mode_t, mode) = torch::kConstant;
  TORCH_ARG(double, value) = 0;
};
inline Tensor pad(const Tensor& input, const PadFuncOptions& options) {
  return input;
}
Tensor relu(Tensor input, const ReLUFuncOptions& options = {});
Tensor softmax(const Tensor& input, const SoftmaxFuncOptions& options);
Tensor log_softmax(const Tensor& input, const LogSoftmaxFuncOptions& options);
Tensor mse_loss(const Tensor& input, const Tensor& target, const MSELossFuncOptions& options = {});
Tensor l1_loss(const Tensor& input, const Tensor& target, const L1LossFuncOptions& options = {});
Tensor smooth_l1_loss(const Tensor& input, const Tensor& target, const SmoothL1LossFuncOptions& options = {}, double beta = 1.);
Tensor huber_loss(const Tensor& input, const Tensor& target, const HuberLossFuncOptions& options = {});
Tensor binary_cross_entropy_with_logits(const Tensor& input, const Tensor& target, const BinaryCrossEntropyWithLogitsFuncOptions& options = {});
Tensor gelu(const Tensor& input, const GELUFuncOptions& options = {});
Tensor cross_entropy(const Tensor& input, const Tensor& target, const CrossEntropyFuncOptions& options = {});
Tensor binary_cross_entropy(const Tensor& input, const Tensor& target, const BinaryCrossEntropyFuncOptions& options = {});
Tensor nll_loss(const Tensor& input, const Tensor& target, const NLLLossFuncOptions& options = {});
Tensor layer_norm(const Tensor& input, const LayerNormFuncOptions& options);
Tensor dropout(Tensor input, const DropoutFuncOptions& options = {});
} // namespace functional
} // namespace nn
} // namespace torch
