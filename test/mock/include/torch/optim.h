// Mock of torch/csrc/api/include/torch/optim.h (subset).
#pragma once
#include <vector>
#include <torch/types.h>

namespace torch {
namespace optim {
class TORCH_API Optimizer {
 public:
  virtual ~Optimizer() = default;
  virtual Tensor step() = 0;
  void zero_grad();
};
struct TORCH_API SGDOptions {
  SGDOptions(double lr);
  SGDOptions& momentum(double momentum);
  SGDOptions& weight_decay(double weight_decay);
};
class TORCH_API SGD : public Optimizer {
 public:
  explicit SGD(std::vector<Tensor> params, SGDOptions defaults);
  Tensor step() override;
};
struct TORCH_API AdamOptions {
  AdamOptions(double lr = 1e-3);
  AdamOptions& weight_decay(double weight_decay);
};
class TORCH_API Adam : public Optimizer {
 public:
  explicit Adam(std::vector<Tensor> params, AdamOptions defaults = {});
  Tensor step() override;
};
struct TORCH_API AdamWOptions {
  AdamWOptions(double lr = 1e-3);
  AdamWOptions& weight_decay(double weight_decay);
};
class TORCH_API AdamW : public Optimizer {
 public:
  explicit AdamW(std::vector<Tensor> params, AdamWOptions defaults = {});
  Tensor step() override;
};
struct TORCH_API AdagradOptions {
  AdagradOptions(double lr = 1e-2);
};
class TORCH_API Adagrad : public Optimizer {
 public:
  explicit Adagrad(std::vector<Tensor> params, AdagradOptions defaults = {});
  Tensor step() override;
};
struct TORCH_API RMSpropOptions {
  RMSpropOptions(double lr = 1e-2);
  RMSpropOptions& momentum(double momentum);
};
class TORCH_API RMSprop : public Optimizer {
 public:
  explicit RMSprop(std::vector<Tensor> params, RMSpropOptions defaults = {});
  Tensor step() override;
};
} // namespace optim
} // namespace torch
