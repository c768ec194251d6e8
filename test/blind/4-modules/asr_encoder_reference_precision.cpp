// scenario: a streaming ASR encoder is built from its own blocks under a float64 default-dtype guard and fed frames in the model's own dtype
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

namespace {

class DefaultDtypeGuard {
public:
  explicit DefaultDtypeGuard(caffe2::TypeMeta dtype) : previous_(torch::get_default_dtype()) {
    torch::set_default_dtype(dtype);
  }
  ~DefaultDtypeGuard() { torch::set_default_dtype(previous_); }

private:
  caffe2::TypeMeta previous_;
};

template <typename Derived>
struct NamedBlock {
  std::string describe() const { return std::string(Derived::kName) + "(" + std::to_string(static_cast<const Derived *>(this)->width()) + ")"; }
};

class ConvSubsampleImpl : public torch::nn::Module, public NamedBlock<ConvSubsampleImpl> {
public:
  static constexpr const char *kName = "conv_subsample";
  ConvSubsampleImpl(int64_t in, int64_t out) : out_(out) {
    conv_ = register_module("conv", torch::nn::Conv1d(torch::nn::Conv1dOptions(in, out, 3).stride(2).padding(1)));
  }
  torch::Tensor forward(const torch::Tensor &x) { // [B, T, F] -> [B, T/2, D]
    return torch::relu(conv_(x.transpose(1, 2))).transpose(1, 2);
  }
  int64_t width() const { return out_; }

private:
  int64_t out_;
  torch::nn::Conv1d conv_{nullptr};
};
TORCH_MODULE(ConvSubsample);

class FeedForwardBlockImpl : public torch::nn::Module, public NamedBlock<FeedForwardBlockImpl> {
public:
  static constexpr const char *kName = "ffn";
  explicit FeedForwardBlockImpl(int64_t dim) : dim_(dim) {
    norm_ = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
    up_ = register_module("up", torch::nn::Linear(dim, 4 * dim));
    down_ = register_module("down", torch::nn::Linear(4 * dim, dim));
  }
  torch::Tensor forward(const torch::Tensor &x) { return x + down_(torch::silu(up_(norm_(x)))); }
  int64_t width() const { return dim_; }

private:
  int64_t dim_;
  torch::nn::LayerNorm norm_{nullptr};
  torch::nn::Linear up_{nullptr}, down_{nullptr};
};
TORCH_MODULE(FeedForwardBlock);

struct JointHeadImpl : torch::nn::Module {
  JointHeadImpl(int64_t dim, int64_t vocab) : proj(register_module("proj", torch::nn::Linear(dim, dim))),
                                              out(register_module("out", torch::nn::Linear(dim, vocab))) {}
  torch::Tensor forward(const torch::Tensor &x) { return out(torch::tanh(proj(x))); }
  torch::nn::Linear proj, out;
};
TORCH_MODULE(JointHead);

enum class HeadType { kCtc, kTransducerJoint };

torch::nn::AnyModule makeHead(HeadType type, int64_t dim, int64_t vocab) {
  switch (type) {
  case HeadType::kCtc: return torch::nn::AnyModule(torch::nn::Linear(dim, vocab + 1));
  case HeadType::kTransducerJoint: return torch::nn::AnyModule(JointHead(dim, vocab + 1));
  }
  return {};
}

// The float32 trainer's export, keyed like named_parameters().
std::map<std::string, torch::Tensor> trainerCheckpoint(const torch::nn::Module &model) {
  std::map<std::string, torch::Tensor> ckpt;
  for (const auto &p : model.named_parameters())
    ckpt[p.key()] = (p.value().detach() * 0.5).to(torch::kFloat32);
  return ckpt;
}

void loadCheckpoint(torch::nn::Module &model, const std::map<std::string, torch::Tensor> &ckpt) {
  torch::NoGradGuard no_grad;
  for (auto &p : model.named_parameters()) {
    auto it = ckpt.find(p.key());
    if (it == ckpt.end()) continue;
    p.value().data() = it->second;
  }
}

} // namespace

int main() {
  torch::nn::Sequential encoder{nullptr};
  torch::nn::AnyModule head;
  {
    // Reference decoding for the WER regression suite runs in float64.
    DefaultDtypeGuard guard(caffe2::TypeMeta::Make<double>());
    ConvSubsample sub(80, 144);
    std::cout << sub->describe() << "\n";
    encoder = torch::nn::Sequential(sub, FeedForwardBlock(144), FeedForwardBlock(144));
    head = makeHead(HeadType::kCtc, 144, 500);
  }
  loadCheckpoint(*encoder, trainerCheckpoint(*encoder));
  encoder->eval();
  const auto model_dtype = encoder->parameters().front().scalar_type();

  torch::NoGradGuard no_grad;
  auto frames = torch::randn({2, 100, 80}, torch::TensorOptions().dtype(model_dtype));
  auto hidden = encoder->forward(frames);
  auto log_probs = head.forward(hidden).log_softmax(-1);
  std::cout << "log-probs " << log_probs.sizes() << " " << log_probs.dtype()
            << ", default dtype restored to " << torch::get_default_dtype() << "\n";
  return log_probs.scalar_type() == torch::kFloat64 ? 0 : 1;
}
