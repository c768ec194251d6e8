// scenario: a shadow deployment runs a candidate forecaster next to the float64 reference; the precision comes from a std::variant config visited at construction, the reference model is built under a RAII guard that sets the default dtype to double, and the wrapper casts every input to its own parameters' dtype
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <variant>

struct Fp32Config { int64_t hidden; };
struct Fp64Config { int64_t hidden; bool deterministic; };
using PrecisionConfig = std::variant<Fp32Config, Fp64Config>;

class DefaultDtypeGuard {
public:
  explicit DefaultDtypeGuard(caffe2::TypeMeta dtype) : previous_(torch::get_default_dtype()) {
    torch::set_default_dtype(dtype);
  }
  ~DefaultDtypeGuard() { torch::set_default_dtype(previous_); }

private:
  caffe2::TypeMeta previous_;
};

struct ForecasterImpl : torch::nn::Module {
  ForecasterImpl(int64_t window, int64_t hidden)
      : norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({window})))),
        body(register_module("body", torch::nn::Linear(window, hidden))),
        out(register_module("out", torch::nn::Linear(hidden, 1))) {}
  torch::Tensor forward(const torch::Tensor &x) {
    return out->forward(torch::tanh(body->forward(norm->forward(x)))).squeeze(-1);
  }
  torch::nn::LayerNorm norm;
  torch::nn::Linear body, out;
};
TORCH_MODULE(Forecaster);

class ForecastModel {
public:
  ForecastModel(int64_t window, const PrecisionConfig &config)
      : net_(std::visit(
            [window](const auto &cfg) -> Forecaster {
              using Cfg = std::decay_t<decltype(cfg)>;
              if constexpr (std::is_same_v<Cfg, Fp64Config>) {
                DefaultDtypeGuard doubles(caffe2::TypeMeta::Make<double>());
                return Forecaster(window, cfg.hidden);
              } else {
                return Forecaster(window, cfg.hidden);
              }
            },
            config)) {
    net_->eval();
  }

  torch::Dtype dtype() const { return net_->body->weight.scalar_type(); }

  torch::Tensor predict(const torch::Tensor &history) {
    torch::NoGradGuard noGrad;
    return net_->forward(history.to(dtype()));
  }

private:
  Forecaster net_;
};

int main() {
  torch::manual_seed(12);
  const int64_t window = 12;
  std::map<std::string, std::unique_ptr<ForecastModel>> models;
  models["reference"] = std::make_unique<ForecastModel>(window, Fp64Config{32, true});
  models["candidate"] = std::make_unique<ForecastModel>(window, Fp32Config{32});

  auto history = torch::rand({6, window}); // float32, as the feature store returns it
  std::map<std::string, torch::Tensor> forecasts;
  for (auto &[name, model] : models)
    forecasts[name] = model->predict(history);

  auto drift = (forecasts.at("candidate").to(torch::kDouble) - forecasts.at("reference")).abs();
  std::cout << "max drift " << drift.max().item<double>() << "\n";
  return forecasts.at("reference").scalar_type() == torch::kDouble ? 0 : 1;
}
