// scenario: model EMA keeps its shadow weights in fp16 to save memory; updates are mixed-dtype in-place ops and the shadow is copy_()ed back into the float32 eval model
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <string>

enum class BackboneKind { Small, Wide };

torch::nn::Sequential make_backbone(BackboneKind kind, int64_t in_dim, int64_t classes) {
  int64_t hidden = kind == BackboneKind::Wide ? 64 : 24;
  return torch::nn::Sequential(
      torch::nn::Linear(in_dim, hidden), torch::nn::BatchNorm1d(hidden), torch::nn::ReLU(),
      torch::nn::Linear(hidden, classes));
}

class ModelEma {
public:
  ModelEma(torch::nn::Module &model, double decay, torch::Dtype storage = torch::kHalf)
      : decay_(decay) {
    torch::NoGradGuard no_grad;
    for (auto &item : model.named_parameters())
      shadow_[item.key()] = item.value().detach().to(storage);
    for (auto &item : model.named_buffers()) {
      auto &buf = item.value();
      shadow_[item.key()] = buf.is_floating_point() ? buf.to(storage) : buf.clone();
    }
  }

  void update(torch::nn::Module &model) {
    torch::NoGradGuard no_grad;
    for (auto &item : model.named_parameters())
      shadow_.at(item.key()).mul_(decay_).add_(item.value().detach(), 1.0 - decay_);
    for (auto &item : model.named_buffers()) {
      auto &s = shadow_.at(item.key());
      if (s.is_floating_point())
        s.mul_(decay_).add_(item.value(), 1.0 - decay_);
      else
        s.copy_(item.value()); // num_batches_tracked
    }
  }

  // Writes the averaged weights into an evaluation copy of the model.
  void copy_to(torch::nn::Module &target) const {
    torch::NoGradGuard no_grad;
    for (auto &item : target.named_parameters())
      item.value().copy_(shadow_.at(item.key()));
    for (auto &item : target.named_buffers())
      item.value().copy_(shadow_.at(item.key()));
  }

private:
  double decay_;
  std::map<std::string, torch::Tensor> shadow_;
};

int main() {
  torch::manual_seed(0);
  auto model = make_backbone(BackboneKind::Small, 10, 3);
  auto eval_model = make_backbone(BackboneKind::Small, 10, 3);
  ModelEma ema(*model, 0.9);
  torch::optim::SGD optim(model->parameters(), torch::optim::SGDOptions(0.1));

  for (int step = 0; step < 4; ++step) {
    auto x = torch::randn({16, 10});
    auto y = torch::randint(0, 3, {16});
    auto loss = torch::cross_entropy_loss(model->forward(x), y);
    optim.zero_grad();
    loss.backward();
    optim.step();
    ema.update(*model);
  }

  ema.copy_to(*eval_model);
  eval_model->eval();
  torch::NoGradGuard no_grad;
  auto probs = torch::softmax(eval_model->forward(torch::randn({4, 10})), -1);
  std::cout << "ema probs\n" << probs << "\n";
  return 0;
}
