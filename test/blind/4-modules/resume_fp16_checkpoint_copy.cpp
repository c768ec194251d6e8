// scenario: resuming from a checkpoint that was saved in float16 to halve its size; weights are copied into float32 parameters
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl()
      : emb(register_module("emb", torch::nn::Embedding(100, 16))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({16})))),
        out(register_module("out", torch::nn::Linear(16, 4))) {}
  torch::Tensor forward(const torch::Tensor& tokens) {
    return out(norm(emb(tokens)).mean(1));
  }
  torch::nn::Embedding emb;
  torch::nn::LayerNorm norm;
  torch::nn::Linear out;
};
TORCH_MODULE(Encoder);

using Checkpoint = std::map<std::string, torch::Tensor>;

Checkpoint save_compact(Encoder& model) {
  Checkpoint ckpt;
  for (const auto& item : model->named_parameters())
    ckpt[item.key()] = item.value().detach().to(torch::kHalf);
  return ckpt;
}

class Trainer {
 public:
  explicit Trainer(Encoder model) : model_(std::move(model)),
      opt_(model_->parameters(), torch::optim::AdamOptions(1e-3)) {}

  void resume(const Checkpoint& ckpt) {
    torch::NoGradGuard no_grad;
    for (auto& item : model_->named_parameters())
      item.value().copy_(ckpt.at(item.key()));  // copy_ casts half -> float
    for (auto& cb : on_resume_) cb(ckpt.size());
  }

  float step(const torch::Tensor& tokens, const torch::Tensor& labels) {
    opt_.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model_->forward(tokens), labels);
    loss.backward();
    opt_.step();
    return loss.item<float>();
  }

  std::vector<std::function<void(size_t)>> on_resume_;

 private:
  Encoder model_;
  torch::optim::Adam opt_;
};

int main() {
  torch::manual_seed(8);
  Encoder old_model;
  Checkpoint ckpt = save_compact(old_model);

  Trainer trainer{Encoder()};
  trainer.on_resume_.push_back([](size_t n) { std::cout << "restored " << n << " tensors\n"; });
  trainer.resume(ckpt);
  for (int i = 0; i < 3; ++i) {
    auto tokens = torch::randint(100, {8, 5}, torch::kLong);
    auto labels = torch::randint(4, {8}, torch::kLong);
    std::cout << "step " << i << " loss " << trainer.step(tokens, labels) << "\n";
  }
  return 0;
}
