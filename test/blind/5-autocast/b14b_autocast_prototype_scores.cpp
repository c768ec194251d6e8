// scenario: a self-supervised trainer encodes views under CPU bfloat16 autocast, keeps the embeddings in an optional member and scores them against float32 prototypes after the region closes
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <iostream>
#include <optional>

// Enables CPU autocast for a scope, restoring the previous state on exit.
class CpuAutocastScope {
 public:
  explicit CpuAutocastScope(at::ScalarType dtype)
      : was_enabled_(at::autocast::is_cpu_enabled()),
        old_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
  }
  ~CpuAutocastScope() {
    at::autocast::set_cpu_enabled(was_enabled_);
    at::autocast::set_autocast_cpu_dtype(old_dtype_);
    at::autocast::clear_cache();
  }

 private:
  bool was_enabled_;
  at::ScalarType old_dtype_;
};

struct EncoderImpl : torch::nn::Module {
  EncoderImpl()
      : fc1(register_module("fc1", torch::nn::Linear(8, 16))),
        fc2(register_module("fc2", torch::nn::Linear(16, 6))) {}
  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Encoder);

class PrototypeTrainer {
 public:
  PrototypeTrainer(int64_t num_prototypes)
      : prototypes_(torch::nn::functional::normalize(
            torch::randn({num_prototypes, 6}),
            torch::nn::functional::NormalizeFuncOptions().dim(1))) {}

  void encode(const torch::Tensor& views) {
    CpuAutocastScope autocast(at::kBFloat16);
    last_embeddings_ = encoder_->forward(views);
  }

  torch::Tensor assignment_scores(double temperature) const {
    const auto& emb = *last_embeddings_;
    auto scores = torch::mm(emb, prototypes_.t()); // BUG
    return torch::softmax(scores / temperature, 1);
  }

 private:
  Encoder encoder_;
  torch::Tensor prototypes_;
  std::optional<torch::Tensor> last_embeddings_;
};

int main() {
  torch::manual_seed(0);
  PrototypeTrainer trainer(5);
  trainer.encode(torch::randn({4, 8}));
  auto q = trainer.assignment_scores(0.1);
  std::cout << "assignments " << q.argmax(1) << "\n";
  return 0;
}
