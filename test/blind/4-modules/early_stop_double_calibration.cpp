// scenario: after early stopping, the best classifier is moved to float64 for temperature calibration on the validation loader
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <sstream>

namespace {

class ChurnModel {
public:
  ChurnModel()
      : net_(torch::nn::Linear(12, 32), torch::nn::ReLU(), torch::nn::Dropout(0.1),
             torch::nn::Linear(32, 2)) {}

  torch::nn::Sequential &net() { return net_; }

  void snapshot() {
    best_.str("");
    torch::save(net_, best_);
  }

  void restore_best() {
    std::istringstream in(best_.str());
    torch::load(net_, in);
  }

  // Fits a single temperature in double precision so the NLL surface is smooth.
  double calibrate(const torch::Tensor &val_x, const torch::Tensor &val_y) {
    net_->eval();
    net_->to(torch::kFloat64);
    auto log_t = torch::zeros({1}, torch::dtype(torch::kFloat64).requires_grad(true));
    torch::optim::LBFGS lbfgs({log_t}, torch::optim::LBFGSOptions(0.1).max_iter(50));
    torch::Tensor logits;
    {
      torch::NoGradGuard no_grad;
      logits = net_->forward(val_x); // BUG
    }
    auto closure = [&] {
      lbfgs.zero_grad();
      auto loss = torch::nn::functional::cross_entropy(logits / log_t.exp(), val_y);
      loss.backward();
      return loss;
    };
    lbfgs.step(closure);
    return log_t.exp().item<double>();
  }

private:
  torch::nn::Sequential net_;
  std::stringstream best_;
};

} // namespace

int main() {
  torch::manual_seed(17);
  auto train_x = torch::randn({600, 12});
  auto train_y = (train_x.narrow(1, 0, 3).sum(1) > 0).to(torch::kLong);
  auto val_x = torch::randn({150, 12});
  auto val_y = (val_x.narrow(1, 0, 3).sum(1) > 0).to(torch::kLong);

  ChurnModel model;
  torch::optim::Adam optimizer(model.net()->parameters(), torch::optim::AdamOptions(1e-3));
  double best_val = 1e9;
  int stale = 0;

  for (int epoch = 0; epoch < 30; ++epoch) {
    model.net()->train();
    for (int64_t start = 0; start < train_x.size(0); start += 64) {
      auto n = std::min<int64_t>(64, train_x.size(0) - start);
      auto loss = torch::nn::functional::cross_entropy(
          model.net()->forward(train_x.narrow(0, start, n)), train_y.narrow(0, start, n));
      optimizer.zero_grad();
      loss.backward();
      optimizer.step();
    }

    model.net()->eval();
    double val_loss;
    {
      torch::NoGradGuard no_grad;
      val_loss = torch::nn::functional::cross_entropy(model.net()->forward(val_x), val_y)
                     .item<double>();
    }
    if (val_loss < best_val - 1e-4) {
      best_val = val_loss;
      stale = 0;
      model.snapshot();
    } else if (++stale == 3) {
      std::cout << "early stopping at epoch " << epoch << "\n";
      break;
    }
  }

  model.restore_best();
  double temperature = model.calibrate(val_x, val_y);
  std::cout << "best val " << best_val << " temperature " << temperature << "\n";
  return 0;
}
