// scenario: a multilabel trainer runs the forward pass under a mixed-precision context object it owns and computes binary cross entropy on the sigmoid outputs after leaving it
// tier: 5
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Float but expected BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <memory>

class MixedPrecisionContext {
 public:
  explicit MixedPrecisionContext(bool enabled) : previous_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(enabled);
  }
  ~MixedPrecisionContext() {
    at::autocast::set_cpu_enabled(previous_);
    at::autocast::clear_cache();
  }

 private:
  bool previous_;
};

struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t features, int64_t tags)
      : encoder(register_module("encoder", torch::nn::Linear(features, 128))),
        classifier(register_module("classifier", torch::nn::Linear(128, tags))) {}
  torch::Tensor forward(const torch::Tensor& x) {
    return classifier(torch::relu(encoder(x)));
  }
  torch::nn::Linear encoder, classifier;
};
TORCH_MODULE(Tagger);

class MultiLabelTrainer {
 public:
  MultiLabelTrainer(int64_t features, int64_t tags, bool mixed_precision)
      : model_(features, tags),
        optimizer_(model_->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9)),
        mixed_precision_(mixed_precision) {}

  float train_step(const torch::Tensor& x, const torch::Tensor& tags) {
    model_->train();
    optimizer_.zero_grad();
    torch::Tensor probs;
    {
      MixedPrecisionContext context(mixed_precision_);
      probs = torch::sigmoid(model_(x));
    }
    torch::Tensor loss = torch::binary_cross_entropy(probs, tags); // BUG
    loss.backward();
    optimizer_.step();
    return loss.item<float>();
  }

 private:
  Tagger model_;
  torch::optim::SGD optimizer_;
  bool mixed_precision_;
};

int main() {
  torch::manual_seed(21);
  const int64_t features = 40, tags = 6;
  MultiLabelTrainer trainer(features, tags, /*mixed_precision=*/true);
  for (int step = 0; step < 5; ++step) {
    torch::Tensor x = torch::randn({32, features});
    torch::Tensor y = (torch::rand({32, tags}) > 0.7).to(torch::kFloat32);
    float loss = trainer.train_step(x, y);
    std::cout << "step " << step << " loss " << loss << "\n";
  }
  return 0;
}
