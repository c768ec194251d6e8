// scenario: a float32 fine-tuning job resumes model and Adam state from a checkpoint written by a float64 reference run
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: needs_dynamic_casting<func_t>::check(iter) INTERNAL ASSERT FAILED
#include <torch/torch.h>
#include <iostream>
#include <sstream>
#include <string>

namespace {

struct Checkpoint {
  std::string model_blob;
  std::string optimizer_blob;
  int64_t step = 0;
};

struct CalibratorImpl : torch::nn::Module {
  CalibratorImpl() {
    hidden = register_module("hidden", torch::nn::Linear(4, 16));
    out = register_module("out", torch::nn::Linear(16, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return out(torch::tanh(hidden(x))); }
  torch::nn::Linear hidden{nullptr}, out{nullptr};
};
TORCH_MODULE(Calibrator);

class Trainer {
public:
  explicit Trainer(torch::Dtype dtype)
      : dtype_(dtype), model_(), optimizer_(prepare(model_, dtype),
                                            torch::optim::AdamOptions(5e-3)) {}

  double train_step(const torch::Tensor &x, const torch::Tensor &y) {
    auto pred = model_->forward(x.to(dtype_));
    auto loss = torch::mse_loss(pred, y.to(dtype_));
    optimizer_.zero_grad();
    loss.backward();
    optimizer_.step(); // BUG
    ++step_;
    return loss.item<double>();
  }

  Checkpoint save() {
    Checkpoint ckpt;
    std::ostringstream model_out, optim_out;
    torch::save(model_, model_out);
    torch::save(optimizer_, optim_out);
    ckpt.model_blob = model_out.str();
    ckpt.optimizer_blob = optim_out.str();
    ckpt.step = step_;
    return ckpt;
  }

  void resume(const Checkpoint &ckpt) {
    std::istringstream model_in(ckpt.model_blob), optim_in(ckpt.optimizer_blob);
    torch::load(model_, model_in);
    torch::load(optimizer_, optim_in);
    step_ = ckpt.step;
  }

  int64_t step() const { return step_; }

private:
  static std::vector<torch::Tensor> prepare(Calibrator &model, torch::Dtype dtype) {
    model->to(dtype);
    return model->parameters();
  }

  torch::Dtype dtype_;
  Calibrator model_;
  torch::optim::Adam optimizer_;
  int64_t step_ = 0;
};

} // namespace

int main() {
  torch::manual_seed(2);
  auto x = torch::randn({256, 4});
  auto y = (x.pow(2).sum(1, true) - 2.0).sigmoid();

  Trainer reference(torch::kFloat64);
  for (int i = 0; i < 50; ++i)
    reference.train_step(x, y);
  Checkpoint ckpt = reference.save();
  std::cout << "reference checkpoint at step " << ckpt.step << "\n";

  Trainer finetune(torch::kFloat32);
  finetune.resume(ckpt);
  for (int i = 0; i < 20; ++i) {
    auto idx = torch::randint(0, x.size(0), {32}, torch::kLong);
    double loss = finetune.train_step(x.index_select(0, idx), y.index_select(0, idx));
    if (i % 5 == 0)
      std::cout << "step " << finetune.step() << " loss " << loss << "\n";
  }
  return 0;
}
