// Mock of torch/csrc/api/include/torch/nn/modules/*.h and options/*.h (subset).
#pragma once
#include <initializer_list>
#include <tuple>
#include <torch/nn/module.h>

namespace torch {
template <size_t D, typename T = int64_t>
class ExpandingArray {
 public:
  /*implicit*/ ExpandingArray(std::initializer_list<T> list);
  /*implicit*/ ExpandingArray(std::vector<T> vec);
  /*implicit*/ ExpandingArray(at::ArrayRef<T> values);
  /*implicit*/ ExpandingArray(T single_size);
  at::ArrayRef<T> operator*() const;
};

namespace nn {
// ---- Linear ---------------------------------------------------------------
struct TORCH_API LinearOptions {
  LinearOptions(int64_t in_features, int64_t out_features);
  TORCH_ARG(int64_t, in_features);
  TORCH_ARG(int64_t, out_features);
  TORCH_ARG(bool, bias) = true;
};
class TORCH_API LinearImpl : public Cloneable<LinearImpl> {
 public:
  LinearImpl(int64_t in_features, int64_t out_features)
      : LinearImpl(LinearOptions(in_features, out_features)) {}
  explicit LinearImpl(const LinearOptions& options_);
  void reset() override;
  void reset_parameters();
  Tensor forward(const Tensor& input);
  LinearOptions options;
  Tensor weight;
  Tensor bias;
};
TORCH_MODULE(Linear);

// ---- Conv2d ---------------------------------------------------------------
template <size_t D>
struct ConvOptions {
  ConvOptions(int64_t in_channels, int64_t out_channels, ExpandingArray<D> kernel_size);
  TORCH_ARG(int64_t, in_channels);
  TORCH_ARG(int64_t, out_channels);
  TORCH_ARG(ExpandingArray<D>, kernel_size);
  TORCH_ARG(ExpandingArray<D>, stride) = 1;
  TORCH_ARG(ExpandingArray<D>, padding) = 0;
  TORCH_ARG(ExpandingArray<D>, dilation) = 1;
  TORCH_ARG(int64_t, groups) = 1;
  TORCH_ARG(bool, bias) = true;
};
using Conv1dOptions = ConvOptions<1>;
using Conv2dOptions = ConvOptions<2>;
using Conv3dOptions = ConvOptions<3>;

template <size_t D, typename Derived>
class ConvNdImpl : public torch::nn::Cloneable<Derived> {
 public:
  explicit ConvNdImpl(ConvOptions<D> options_) : options(std::move(options_)) {}
  void reset() override {}
  void reset_parameters();
  ConvOptions<D> options;
  Tensor weight;
  Tensor bias;
};
class TORCH_API Conv1dImpl : public ConvNdImpl<1, Conv1dImpl> {
 public:
  Conv1dImpl(int64_t input_channels, int64_t output_channels, ExpandingArray<1> kernel_size)
      : Conv1dImpl(Conv1dOptions(input_channels, output_channels, kernel_size)) {}
  explicit Conv1dImpl(Conv1dOptions options_);
  Tensor forward(const Tensor& input);
};
TORCH_MODULE(Conv1d);
class TORCH_API Conv2dImpl : public ConvNdImpl<2, Conv2dImpl> {
 public:
  Conv2dImpl(int64_t input_channels, int64_t output_channels, ExpandingArray<2> kernel_size)
      : Conv2dImpl(Conv2dOptions(input_channels, output_channels, kernel_size)) {}
  explicit Conv2dImpl(Conv2dOptions options_);
  Tensor forward(const Tensor& input);
};
TORCH_MODULE(Conv2d);

// ---- Normalization --------------------------------------------------------
struct TORCH_API LayerNormOptions {
  /* implicit */ LayerNormOptions(std::vector<int64_t> normalized_shape);
  TORCH_ARG(std::vector<int64_t>, normalized_shape);
  TORCH_ARG(double, eps) = 1e-5;
  TORCH_ARG(bool, elementwise_affine) = true;
};
class TORCH_API LayerNormImpl : public torch::nn::Cloneable<LayerNormImpl> {
 public:
  LayerNormImpl(std::vector<int64_t> normalized_shape)
      : LayerNormImpl(LayerNormOptions(normalized_shape)) {}
  explicit LayerNormImpl(LayerNormOptions options_);
  void reset() override;
  Tensor forward(const Tensor& input);
  LayerNormOptions options;
  Tensor weight;
  Tensor bias;
};
TORCH_MODULE(LayerNorm);

struct TORCH_API GroupNormOptions {
  GroupNormOptions(int64_t num_groups, int64_t num_channels);
  TORCH_ARG(int64_t, num_groups);
  TORCH_ARG(int64_t, num_channels);
  TORCH_ARG(double, eps) = 1e-5;
  TORCH_ARG(bool, affine) = true;
};
class TORCH_API GroupNormImpl : public torch::nn::Cloneable<GroupNormImpl> {
 public:
  GroupNormImpl(int64_t num_groups, int64_t num_channels)
      : GroupNormImpl(GroupNormOptions(num_groups, num_channels)) {}
  explicit GroupNormImpl(const GroupNormOptions& options_);
  void reset() override;
  Tensor forward(const Tensor& input);
  GroupNormOptions options;
  Tensor weight;
  Tensor bias;
};
TORCH_MODULE(GroupNorm);

struct TORCH_API BatchNormOptions {
  /* implicit */ BatchNormOptions(int64_t num_features);
  TORCH_ARG(int64_t, num_features);
  TORCH_ARG(double, eps) = 1e-5;
  TORCH_ARG(bool, affine) = true;
};
template <size_t D, typename Derived>
class BatchNormImplBase : public torch::nn::Cloneable<Derived> {
 public:
  explicit BatchNormImplBase(const BatchNormOptions& options_) : options(options_) {}
  void reset() override {}
  Tensor forward(const Tensor& input);
  BatchNormOptions options;
  Tensor weight;
  Tensor bias;
  Tensor running_mean;
  Tensor running_var;
  Tensor num_batches_tracked;
};
class TORCH_API BatchNorm1dImpl : public BatchNormImplBase<1, BatchNorm1dImpl> {
 public:
  using BatchNormImplBase<1, BatchNorm1dImpl>::BatchNormImplBase;
};
TORCH_MODULE(BatchNorm1d);
class TORCH_API BatchNorm2dImpl : public BatchNormImplBase<2, BatchNorm2dImpl> {
 public:
  using BatchNormImplBase<2, BatchNorm2dImpl>::BatchNormImplBase;
};
TORCH_MODULE(BatchNorm2d);

// ---- Embedding ------------------------------------------------------------
struct TORCH_API EmbeddingOptions {
  EmbeddingOptions(int64_t num_embeddings, int64_t embedding_dim);
  TORCH_ARG(int64_t, num_embeddings);
  TORCH_ARG(int64_t, embedding_dim);
};
class TORCH_API EmbeddingImpl : public torch::nn::Cloneable<EmbeddingImpl> {
 public:
  EmbeddingImpl(int64_t num_embeddings, int64_t embedding_dim)
      : EmbeddingImpl(EmbeddingOptions(num_embeddings, embedding_dim)) {}
  explicit EmbeddingImpl(EmbeddingOptions options_);
  void reset() override;
  Tensor forward(const Tensor& indices);
  EmbeddingOptions options;
  Tensor weight;
};
TORCH_MODULE(Embedding);

struct TORCH_API EmbeddingBagOptions {
  EmbeddingBagOptions(int64_t num_embeddings, int64_t embedding_dim);
  TORCH_ARG(int64_t, num_embeddings);
  TORCH_ARG(int64_t, embedding_dim);
};
class TORCH_API EmbeddingBagImpl
    : public torch::nn::Cloneable<EmbeddingBagImpl> {
 public:
  EmbeddingBagImpl(int64_t num_embeddings, int64_t embedding_dim)
      : EmbeddingBagImpl(EmbeddingBagOptions(num_embeddings, embedding_dim)) {}
  explicit EmbeddingBagImpl(EmbeddingBagOptions options_);
  void reset() override;
  Tensor forward(const Tensor& input, const Tensor& offsets = {},
                 const Tensor& per_sample_weights = {});
  EmbeddingBagOptions options;
  Tensor weight;
};
TORCH_MODULE(EmbeddingBag);

// ---- Recurrent layers and attention ----------------------------------------
struct TORCH_API GRUOptions {
  GRUOptions(int64_t input_size, int64_t hidden_size);
  TORCH_ARG(int64_t, input_size);
  TORCH_ARG(int64_t, hidden_size);
  TORCH_ARG(bool, batch_first) = false;
};
class TORCH_API GRUImpl : public torch::nn::Cloneable<GRUImpl> {
 public:
  GRUImpl(int64_t input_size, int64_t hidden_size)
      : GRUImpl(GRUOptions(input_size, hidden_size)) {}
  explicit GRUImpl(const GRUOptions& options_);
  void reset() override;
  std::tuple<Tensor, Tensor> forward(const Tensor& input, Tensor hx = {});
  GRUOptions options;
};
TORCH_MODULE(GRU);

struct TORCH_API LSTMOptions {
  LSTMOptions(int64_t input_size, int64_t hidden_size);
  TORCH_ARG(int64_t, input_size);
  TORCH_ARG(int64_t, hidden_size);
  TORCH_ARG(bool, batch_first) = false;
};
class TORCH_API LSTMImpl : public torch::nn::Cloneable<LSTMImpl> {
 public:
  LSTMImpl(int64_t input_size, int64_t hidden_size)
      : LSTMImpl(LSTMOptions(input_size, hidden_size)) {}
  explicit LSTMImpl(const LSTMOptions& options_);
  void reset() override;
  std::tuple<Tensor, std::tuple<Tensor, Tensor>> forward(
      const Tensor& input,
      c10::optional<std::tuple<Tensor, Tensor>> hx_opt = {});
  LSTMOptions options;
};
TORCH_MODULE(LSTM);

struct TORCH_API GRUCellOptions {
  GRUCellOptions(int64_t input_size, int64_t hidden_size);
  TORCH_ARG(int64_t, input_size);
  TORCH_ARG(int64_t, hidden_size);
  TORCH_ARG(bool, bias) = true;
};
class TORCH_API GRUCellImpl : public torch::nn::Cloneable<GRUCellImpl> {
 public:
  GRUCellImpl(int64_t input_size, int64_t hidden_size)
      : GRUCellImpl(GRUCellOptions(input_size, hidden_size)) {}
  explicit GRUCellImpl(const GRUCellOptions& options_);
  void reset() override;
  Tensor forward(const Tensor& input, Tensor hx = {});
  GRUCellOptions options;
};
TORCH_MODULE(GRUCell);

struct TORCH_API MultiheadAttentionOptions {
  MultiheadAttentionOptions(int64_t embed_dim, int64_t num_heads);
  TORCH_ARG(int64_t, embed_dim);
  TORCH_ARG(int64_t, num_heads);
};
class TORCH_API MultiheadAttentionImpl
    : public torch::nn::Cloneable<MultiheadAttentionImpl> {
 public:
  MultiheadAttentionImpl(int64_t embed_dim, int64_t num_heads)
      : MultiheadAttentionImpl(MultiheadAttentionOptions(embed_dim, num_heads)) {}
  explicit MultiheadAttentionImpl(const MultiheadAttentionOptions& options_);
  void reset() override;
  std::tuple<Tensor, Tensor> forward(const Tensor& query, const Tensor& key,
                                     const Tensor& value,
                                     const Tensor& key_padding_mask = {},
                                     bool need_weights = true,
                                     const Tensor& attn_mask = {});
  MultiheadAttentionOptions options;
};
TORCH_MODULE(MultiheadAttention);

// ---- Activations / dropout ------------------------------------------------
struct TORCH_API ReLUOptions {
  /* implicit */ ReLUOptions(bool inplace = false);
  TORCH_ARG(bool, inplace);
};
class TORCH_API ReLUImpl : public torch::nn::Cloneable<ReLUImpl> {
 public:
  explicit ReLUImpl(const ReLUOptions& options_ = {});
  void reset() override;
  Tensor forward(Tensor input);
  ReLUOptions options;
};
TORCH_MODULE(ReLU);
struct TORCH_API DropoutOptions {
  /* implicit */ DropoutOptions(double p = 0.5);
  TORCH_ARG(double, p);
};
class TORCH_API DropoutImpl : public torch::nn::Cloneable<DropoutImpl> {
 public:
  explicit DropoutImpl(const DropoutOptions& options_ = {});
  void reset() override;
  Tensor forward(Tensor input);
  DropoutOptions options;
};
TORCH_MODULE(Dropout);
struct TORCH_API FlattenOptions {
  FlattenOptions(int64_t start_dim = 1, int64_t end_dim = -1);
  TORCH_ARG(int64_t, start_dim);
  TORCH_ARG(int64_t, end_dim);
};
class TORCH_API FlattenImpl : public torch::nn::Cloneable<FlattenImpl> {
 public:
  explicit FlattenImpl(const FlattenOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input);
  FlattenOptions options;
};
TORCH_MODULE(Flatten);
struct TORCH_API SoftplusOptions {
  /* implicit */ SoftplusOptions(double beta = 1.0);
  TORCH_ARG(double, beta);
};
class TORCH_API SoftplusImpl : public torch::nn::Cloneable<SoftplusImpl> {
 public:
  explicit SoftplusImpl(const SoftplusOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input);
  SoftplusOptions options;
};
TORCH_MODULE(Softplus);
class TORCH_API MishImpl : public torch::nn::Cloneable<MishImpl> {
 public:
  void reset() override;
  Tensor forward(const Tensor& input);
};
TORCH_MODULE(Mish);
class TORCH_API AdaptiveAvgPool2dImpl
    : public torch::nn::Cloneable<AdaptiveAvgPool2dImpl> {
 public:
  explicit AdaptiveAvgPool2dImpl(int64_t output_size);
  void reset() override;
  Tensor forward(const Tensor& input);
};
TORCH_MODULE(AdaptiveAvgPool2d);
class TORCH_API ReflectionPad2dImpl
    : public torch::nn::Cloneable<ReflectionPad2dImpl> {
 public:
  explicit ReflectionPad2dImpl(int64_t padding);
  void reset() override;
  Tensor forward(const Tensor& input);
};
TORCH_MODULE(ReflectionPad2d);

// ---- Losses ---------------------------------------------------------------
struct TORCH_API BCELossOptions {
  TORCH_ARG(Tensor, weight) = {};
};
class TORCH_API BCELossImpl : public Cloneable<BCELossImpl> {
 public:
  explicit BCELossImpl(const BCELossOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input, const Tensor& target);
  BCELossOptions options;
};
TORCH_MODULE(BCELoss);
struct TORCH_API MSELossOptions {
  TORCH_ARG(int64_t, reduction) = at::Reduction::Mean;
};
class TORCH_API MSELossImpl : public Cloneable<MSELossImpl> {
 public:
  explicit MSELossImpl(const MSELossOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input, const Tensor& target);
  MSELossOptions options;
};
TORCH_MODULE(MSELoss);
struct TORCH_API CrossEntropyLossOptions {
  TORCH_ARG(Tensor, weight) = {};
};
class TORCH_API CrossEntropyLossImpl : public Cloneable<CrossEntropyLossImpl> {
 public:
  explicit CrossEntropyLossImpl(const CrossEntropyLossOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input, const Tensor& target);
  CrossEntropyLossOptions options;
};
TORCH_MODULE(CrossEntropyLoss);

struct TORCH_API L1LossOptions {
  TORCH_ARG(int64_t, reduction) = at::Reduction::Mean;
};
struct TORCH_API L1LossImpl : Cloneable<L1LossImpl> {
  explicit L1LossImpl(const L1LossOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input, const Tensor& target);
  L1LossOptions options;
};
TORCH_MODULE(L1Loss);
struct TORCH_API SmoothL1LossOptions {
  TORCH_ARG(int64_t, reduction) = at::Reduction::Mean;
  TORCH_ARG(double, beta) = 1.0;
};
struct TORCH_API SmoothL1LossImpl : public Cloneable<SmoothL1LossImpl> {
  explicit SmoothL1LossImpl(const SmoothL1LossOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input, const Tensor& target);
  SmoothL1LossOptions options;
};
TORCH_MODULE(SmoothL1Loss);
struct TORCH_API HuberLossOptions {
  TORCH_ARG(int64_t, reduction) = at::Reduction::Mean;
  TORCH_ARG(double, delta) = 1.0;
};
struct TORCH_API HuberLossImpl : public Cloneable<HuberLossImpl> {
  explicit HuberLossImpl(const HuberLossOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input, const Tensor& target);
  HuberLossOptions options;
};
TORCH_MODULE(HuberLoss);
struct TORCH_API NLLLossOptions {
  TORCH_ARG(Tensor, weight) = {};
  TORCH_ARG(int64_t, ignore_index) = -100;
};
struct TORCH_API NLLLossImpl : public Cloneable<NLLLossImpl> {
  explicit NLLLossImpl(const NLLLossOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input, const Tensor& target);
  NLLLossOptions options;
  Tensor weight;
};
TORCH_MODULE(NLLLoss);
struct TORCH_API BCEWithLogitsLossOptions {
  TORCH_ARG(Tensor, weight) = {};
  TORCH_ARG(Tensor, pos_weight) = {};
};
struct TORCH_API BCEWithLogitsLossImpl : public Cloneable<BCEWithLogitsLossImpl> {
  explicit BCEWithLogitsLossImpl(const BCEWithLogitsLossOptions& options_ = {});
  void reset() override;
  Tensor forward(const Tensor& input, const Tensor& target);
  BCEWithLogitsLossOptions options;
  Tensor weight;
  Tensor pos_weight;
};
TORCH_MODULE(BCEWithLogitsLoss);

// ---- Sequential -----------------------------------------------------------
class SequentialImpl : public Cloneable<SequentialImpl> {
 public:
  SequentialImpl() = default;
  template <typename... Modules>
  explicit SequentialImpl(Modules&&... modules);
  void reset() override;
  template <typename ModuleType>
  void push_back(ModuleType module);
  template <typename ModuleType>
  void push_back(std::string name, ModuleType module);
  size_t size() const noexcept;
  template <typename ReturnType = Tensor, typename... InputTypes>
  ReturnType forward(InputTypes&&... inputs);
};
class Sequential : public torch::nn::ModuleHolder<SequentialImpl> {
 public:
  using torch::nn::ModuleHolder<SequentialImpl>::ModuleHolder;
  Sequential() : ModuleHolder() {}
};
} // namespace nn
} // namespace torch
