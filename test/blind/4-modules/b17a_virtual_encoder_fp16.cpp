// scenario: a keyword-spotting service picks its encoder by name; prepare_for_inference() halves the weights and the input is matched to them, but the conv stack then runs in Half on the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "slow_conv2d_cpu" not implemented for 'Half'
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

class SequenceEncoder : public torch::nn::Module {
public:
  virtual ~SequenceEncoder() = default;
  virtual torch::Tensor forward(const torch::Tensor &features) = 0;

  // Shrinks the deployed model: weights in fp16, no dropout, no autograd.
  virtual void prepare_for_inference() {
    eval();
    to(torch::kHalf);
    for (auto &p : parameters())
      p.set_requires_grad(false);
  }

  torch::Dtype weight_dtype() { return parameters().front().scalar_type(); }
};

class TemporalConvEncoder : public SequenceEncoder {
public:
  TemporalConvEncoder(int64_t in_ch, int64_t hidden, int depth) {
    int64_t ch = in_ch;
    for (int i = 0; i < depth; ++i) {
      blocks->push_back(torch::nn::Conv1d(
          torch::nn::Conv1dOptions(ch, hidden, 3).padding(1 << i).dilation(1 << i)));
      ch = hidden;
    }
    register_module("blocks", blocks);
  }

  torch::Tensor forward(const torch::Tensor &features) override {
    auto x = features;
    for (const auto &block : *blocks)
      x = block->as<torch::nn::Conv1d>()->forward(x); // BUG
    return x.mean(-1);
  }

private:
  torch::nn::ModuleList blocks;
};

class FrameMlpEncoder : public SequenceEncoder {
public:
  FrameMlpEncoder(int64_t in_ch, int64_t hidden) {
    fc = register_module("fc", torch::nn::Linear(in_ch, hidden));
  }
  torch::Tensor forward(const torch::Tensor &features) override {
    return fc(features.transpose(1, 2)).mean(1);
  }

private:
  torch::nn::Linear fc{nullptr};
};

std::shared_ptr<SequenceEncoder> make_encoder(const std::string &name, int64_t in_ch) {
  if (name == "tcn")
    return std::make_shared<TemporalConvEncoder>(in_ch, 16, 3);
  if (name == "mlp")
    return std::make_shared<FrameMlpEncoder>(in_ch, 16);
  throw std::invalid_argument("unknown encoder " + name);
}

torch::Tensor log_mel_stub(int64_t batch, int64_t mels, int64_t frames) {
  return torch::randn({batch, mels, frames}).abs().add_(1e-3).log();
}

int main() {
  torch::manual_seed(0);
  auto encoder = make_encoder("tcn", 10);
  encoder->prepare_for_inference();

  auto feats = log_mel_stub(2, 10, 20).to(encoder->weight_dtype());
  auto embedding = encoder->forward(feats);
  std::cout << "embedding " << embedding.sizes() << "\n";
  return 0;
}
